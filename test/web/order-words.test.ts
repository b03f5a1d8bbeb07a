import t from 'tap';
import { translate, type MessageKey } from '../../src/i18n/index.js';
import { orderWho } from '../../src/web/till/order-words.js';

t.test('who an order is for: the table with its word, the till\'s "—" left out', async (t) => {
  const it = (key: MessageKey, values?: Record<string, string | number>) => translate('it', key, values);
  const en = (key: MessageKey, values?: Record<string, string | number>) => translate('en', key, values);
  t.equal(orderWho(it, { customer: 'Franco', table: '39' }), 'Franco · Tavolo 39');
  t.equal(orderWho(en, { customer: 'Franco', table: '39' }), 'Franco · Table 39');
  t.equal(orderWho(it, { customer: '—', table: '—' }), '', 'nothing typed: nothing shown');
  t.equal(orderWho(it, { customer: 'Lucia', table: '—' }), 'Lucia');
  t.equal(orderWho(it, { customer: '—', table: '7' }), 'Tavolo 7');
});
