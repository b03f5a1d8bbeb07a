import t from 'tap';
import { formatAmount, formatDateTime, formatMoney, formatNumber, LOCALES, translate } from '../../src/i18n/index.js';

// The numbers and dates of the venue's language, shared by the screens and the paper (src/printer/layouts).

t.test('money: grouped, the locale separators, the catalog template on screen and on paper', async (t) => {
  t.equal(formatAmount('it', 120450), '1.204,50');
  t.equal(formatAmount('en', 120450), '1,204.50');
  t.equal(formatAmount('it', 123456789), '1.234.567,89');
  t.equal(formatAmount('it', 5), '0,05');
  t.equal(formatAmount('it', -360), '-3,60');
  t.equal(formatMoney('it', 1200), '€ 12,00', 'on screen');
  t.equal(formatMoney('it', 1200, 'ticket.money'), '€ 12,00', 'on paper');
  t.equal(formatMoney('en', 1200), '€12.00', 'on screen');
  t.equal(formatMoney('en', 1200, 'ticket.money'), '€ 12.00', 'on paper, with the space tickets always had');
  t.equal(formatMoney('it', -3000, 'ticket.money'), '-€ 30,00');
  t.equal(formatNumber('it', 12.25), '12,25');
  t.equal(formatNumber('en', 12.25), '12.25');
  t.equal(formatNumber('it', 12), '12');
});

t.test('dates in the venue time zone, whatever the machine zone, across DST and midnight', async (t) => {
  for (const locale of LOCALES) {
    t.equal(
      formatDateTime(locale, Date.parse('2026-11-24T20:05:00Z'), 'Europe/Rome'),
      '24/11/2026 21:05',
      `${locale}: winter`,
    );
    t.equal(
      formatDateTime(locale, Date.parse('2026-07-01T19:05:00Z'), 'Europe/Rome'),
      '01/07/2026 21:05',
      `${locale}: summer`,
    );
    t.equal(
      formatDateTime(locale, Date.parse('2026-11-24T23:05:00Z'), 'Europe/Rome'),
      '25/11/2026 00:05',
      `${locale}: 00, not 24, after midnight`,
    );
  }
  t.equal(
    formatDateTime('it', Date.parse('2026-03-29T01:30:00Z'), 'Europe/Rome'),
    '29/03/2026 03:30',
    'the hour skipped by DST',
  );
  t.equal(
    formatDateTime('it', Date.parse('2026-11-24T20:05:00Z'), 'America/New_York'),
    '24/11/2026 15:05',
    'another venue zone',
  );
});

t.test('the Italian a sagra volunteer reads', async (t) => {
  const it = (key: Parameters<typeof translate>[1]) => translate('it', key);
  t.equal(it('ticket.table').replace(' {table}', ''), 'TAVOLO:');
  t.equal(it('ticket.customer').replace(' {customer}', ''), 'CLIENTE:');
  t.equal(it('ticket.total'), 'TOTALE');
  t.equal(it('ticket.subtotal'), 'SUBTOTALE');
  t.equal(it('ticket.discount'), 'SCONTO');
  t.match(it('ticket.paidCash'), /CONTANTI/);
  t.match(it('ticket.paidCard'), /CARTA/);
  t.equal(it('pay.change'), 'Resto');
  t.match(it('ticket.reprint'), /RISTAMPA/);
  t.equal(it('ticket.cancelled'), 'ANNULLATO');
  t.equal(it('closure.title'), 'CHIUSURA GENERALE');
  t.equal(it('display.preparing'), 'In preparazione');
  t.equal(it('display.ready'), 'Pronti');
  t.equal(it('ticket.yourNumber'), 'Il tuo numero:');
});
