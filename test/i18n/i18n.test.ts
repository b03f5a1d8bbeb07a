import t from 'tap';
import { CATALOGS, counted, formatMoney, LOCALES, parseAmount, translate } from '../../src/i18n/index.js';
import { onScreen } from '../../src/web/shared/money-text.js';
import { portionsLeftKey } from '../../src/web/till/portions-text.js';

t.test('every locale has every key, no empty message, the same placeholders', async (t) => {
  const keys = Object.keys(CATALOGS.en).sort();
  t.ok(keys.length > 50);
  for (const locale of LOCALES) {
    const catalog = CATALOGS[locale] as Record<string, string>;
    t.same(Object.keys(catalog).sort(), keys, `${locale}: the same keys as English`);
    for (const key of keys) {
      t.ok(catalog[key]?.trim(), `${locale}: ${key} is written`);
      const placeholders = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort();
      t.same(
        placeholders(catalog[key] ?? ''),
        placeholders((CATALOGS.en as Record<string, string>)[key] ?? ''),
        `${locale}: ${key} placeholders`,
      );
    }
  }
});

t.test('the names tests and screen readers rely on', async (t) => {
  t.equal(translate('en', 'pay.cash'), 'Cash');
  t.equal(translate('en', 'pay.card'), 'Card');
  t.equal(translate('en', 'order.customer'), 'Customer');
  t.equal(translate('en', 'order.table'), 'Table');
  t.equal(translate('it', 'pay.cash'), 'Contanti');
  t.equal(translate('it', 'order.table'), 'Tavolo');
  t.equal(translate('en', 'food.left', { count: 12 }), '12 left');
});

t.test('money as each locale writes it, and amounts as cashiers type them', async (t) => {
  t.equal(formatMoney('it', 1200), '€ 12,00');
  t.equal(formatMoney('it', 123450), '€ 1.234,50');
  t.equal(formatMoney('en', 1200), '€12.00');
  t.equal(formatMoney('en', 123450), '€1,234.50');
  t.equal(formatMoney('en', -50), '-€0.50');
  t.equal(parseAmount('7'), 700);
  t.equal(parseAmount('7,5'), 750);
  t.equal(parseAmount('7.50'), 750);
  t.equal(parseAmount('€ 2'), 200);
  t.equal(parseAmount(''), 0);
  t.equal(parseAmount('7.505'), null);
  t.equal(parseAmount('abc'), null);
  t.equal(parseAmount('-1'), null);
});

t.test(
  'Italian as a sagra speaks it: one portion is singular, no slashed plurals, line buttons start with a verb',
  async (t) => {
    const left = (count: number, allTaken: boolean) => translate('it', portionsLeftKey(count, allTaken), { count });
    t.equal(left(1, false), 'ne resta 1');
    t.equal(left(12, false), 'ne restano 12');
    t.equal(left(1, true), 'ne resta 1, è nell’ordine');
    t.equal(left(2, true), 'ne restano 2, sono nell’ordine', 'not "tutti": two pizzas are "tutte"');
    t.equal(translate('en', portionsLeftKey(1, false), { count: 1 }), '1 left');
    // Every count beside a noun agrees with one: "1 ordine", "+1 altro", "1 rimasto" (and "1 order" in English).
    const today = (locale: 'it' | 'en', orders: number) =>
      translate(locale, counted('dashboard.today', orders), { orders, revenue: '8,00', cash: '8,00', card: '0,00' });
    t.match(today('it', 1), /^oggi 1 ordine · /);
    t.match(today('it', 2), /^oggi 2 ordini · /);
    t.match(today('en', 1), /^today 1 order · /);
    t.equal(translate('it', counted('display.more', 1), { count: 1 }), '+1 altro');
    t.equal(translate('it', counted('dashboard.more', 3), { count: 3 }), '+3 altri');
    t.equal(translate('it', counted('dashboard.left', 1), { count: 1 }), '1 rimasto');
    t.equal(translate('it', counted('orders.refunded', 1), { count: 1 }), '1 rimborsato');
    t.equal(translate('it', counted('orders.refunded', 2), { count: 2 }), '2 rimborsati');
    t.equal(
      translate('it', counted('outbox.refusedBanner', 1), { count: 1 }),
      '1 ordine rifiutato dal server: tocca per decidere',
    );
    t.equal(
      translate('it', counted('outbox.refusedBanner', 2), { count: 2 }),
      '2 ordini rifiutati dal server: tocca per decidere',
    );
    t.equal(
      translate('en', counted('outbox.refusedBanner', 1), { count: 1 }),
      '1 order refused by the server: open to decide',
    );
    // Orders kept on the tablet, not customers in the queue: "in attesa" read as the latter at a busy sagra.
    t.equal(translate('it', 'status.outbox', { count: 2 }), '2 da inviare');
    const lonely = Object.keys(CATALOGS.en).filter((key) => key.endsWith('One') && !(key.slice(0, -3) in CATALOGS.en));
    t.same(lonely, [], 'each singular form has its plural');
    // "Un Grigliata mista in meno" was wrong for every feminine food; a food's button is the one whose name starts with it.
    t.equal(translate('it', 'order.remove', { name: 'Grigliata mista' }), 'Uno in meno: Grigliata mista');
    t.equal(translate('it', 'order.add', { name: 'Porchetta' }), 'Uno in più: Porchetta');
    const slashed = Object.entries(CATALOGS.it).filter(([, text]) =>
      /[a-zà-ù]\/[a-zà-ù]{1,2}\b/i.test(text.replace(/\{[^}]*\}/g, '')),
    );
    // A slashed ending ("ordine/i"), not a slash between choices ("Invio/1-9" in the dashboard's key help).
    t.same(slashed, [], 'no "ordine/i rifiutato/i"');
  },
);

t.test('a refusal agrees with one food and one portion; the device is the till, whatever it is', async (t) => {
  const short = (requested: number, left: number) =>
    translate('it', counted('refusal.shortFood', left), { name: 'Diavola', requested, left });
  t.equal(short(2, 1), 'Diavola: 2 nell’ordine, ne resta solo 1');
  t.equal(short(3, 2), 'Diavola: 3 nell’ordine, ne restano solo 2');
  t.equal(
    translate('it', 'refusal.soldOutFood', { name: 'Diavola', requested: 1 }),
    'Diavola: 1 nell’ordine, non ce n’è più',
    'not "esaurito" for a pizza',
  );
  t.notMatch(translate('it', 'refusal.short'), /\bli\b/, 'no "li ha venduti" for one food');
  t.equal(
    translate('en', counted('refusal.shortFood', 1), { name: 'Diavola', requested: 2, left: 1 }),
    'Diavola: 2 in the order, only 1 left',
  );
  // The till runs on a phone or a laptop too: it is "this till" ("questa cassa"), never "the tablet".
  for (const locale of LOCALES) {
    const tablet = Object.entries(CATALOGS[locale]).filter(([, text]) => /tablet/i.test(text));
    t.same(tablet, [], `${locale}: no device named where any device may be in the cashier's hands`);
  }
});

t.test('an amount on screen never breaks between € and its figure', async (t) => {
  t.equal(onScreen(formatMoney('it', 2600)), '€\u00a026,00');
  t.equal(onScreen(formatMoney('it', 123450)), '€\u00a01.234,50');
  t.equal(onScreen(formatMoney('en', 2600)), '€26.00');
  t.equal(onScreen('€ 1,00'), '€\u00a01,00');
  t.equal(translate('it', 'ticket.money', { amount: '1,00' }), '€ 1,00', 'paper keeps its space');
});
