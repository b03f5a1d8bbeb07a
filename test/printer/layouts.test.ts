import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import t from 'tap';
import { encodeTicket } from '../../src/printer/escpos.js';
import { EscPosDecoder } from '../../src/printer/escpos-decoder.js';
import { type PrintOp, renderText, WIDTHS } from '../../src/printer/layouts/ops.js';
import { layout } from '../../src/printer/layouts/index.js';
import type { PrintPayload } from '../../src/core/printing/payloads.js';
import { CATALOGS, type Locale, LOCALES, type MessageKey, translate } from '../../src/i18n/index.js';
import { everyOf } from '../helpers/assert.js';
import {
  cancellation,
  closure,
  closureWithSessions,
  handover,
  handoverUncounted,
  kitchen,
  kitchenChoices,
  receipt,
  receiptChoices,
  testPage,
  token,
} from './fixtures.js';
import { PACKAGE_ROOT } from '../../src/version.js';

// English tickets are golden/<kind>-<width>.txt, other languages golden/<locale>/<kind>-<width>.txt.
const golden = (name: string, locale: Locale) =>
  join(PACKAGE_ROOT, 'test/printer/golden', locale === 'en' ? '' : locale, `${name}.txt`);

const cases: Array<[string, PrintPayload, boolean]> = [
  ['kitchen', kitchen, false],
  ['kitchen-reprint', { ...kitchen, reprint: true }, false],
  // Covers and takeaway: at the top, big and white on black.
  ['kitchen-covers', { ...kitchen, covers: 4, service: 'TABLE' }, false],
  ['kitchen-takeaway', { ...kitchen, covers: 0, service: 'TAKEAWAY' }, false],
  ['cancellation', cancellation, false],
  // One beer of three, as a token a bar tears off and hands over.
  ['token', token, false],
  ['token-reprint', { ...token, reprint: true, token: { index: 3, count: 3 } }, false],
  ['receipt', receipt, true],
  ['receipt-reprint', { ...receipt, reprint: true, paymentMethod: 'CARD', cashReceivedCents: null }, false],
  // A job queued before the venue's lines and the cash received existed prints as it did.
  ['receipt-plain', { ...receipt, header: undefined, footer: undefined, cashReceivedCents: undefined }, false],
  ['closure', closure, false],
  [
    'closure-covers',
    { ...closure, report: { ...closure.report, totalCovers: 212, takeawayOrders: 9, takeawayRevenue: 153 } },
    false,
  ],
  ['closure-sessions', closureWithSessions, false],
  ['handover', handover, false],
  ['handover-uncounted', handoverUncounted, false],
  ['test', testPage, false],
  // Choices under their line: the plain ones at the kitchen, every one with its price change on the receipt.
  ['kitchen-choices', kitchenChoices, false],
  ['receipt-choices', receiptChoices, false],
  // Everything a kitchen ticket can carry at once: the takeaway banner, a line's choices and a set menu's course as a
  // line of its own (with its note), so a change of any of them shows in this one set.
  ['kitchen-takeaway-choices', { ...kitchenChoices, covers: 0, service: 'TAKEAWAY' }, false],
  [
    'closure-components',
    {
      ...closure,
      report: {
        ...closure.report,
        componentStats: [
          { foodId: 'f1', foodName: 'Salsiccia e polenta', quantity: 12 },
          { foodId: 'f2', foodName: 'Tagliatelle al ragù della casa con funghi porcini', quantity: 7 },
        ],
      },
    },
    false,
  ],
];

function decode(bytes: Buffer): PrintOp[][] {
  const tickets: PrintOp[][] = [];
  const decoder = new EscPosDecoder({ onTicket: (ops) => tickets.push(ops) });
  // Byte by byte: commands split across network packets must still decode.
  for (let i = 0; i < bytes.length; i += 7) decoder.push(bytes.subarray(i, i + 7));
  return tickets;
}

for (const locale of LOCALES) {
  for (const [name, payload, drawer] of cases) {
    for (const columns of WIDTHS) {
      t.test(`${name} at ${columns} columns in ${locale}`, async (t) => {
        const ops = layout(payload, { columns, timezone: 'Europe/Rome', locale, openDrawer: drawer });
        const text = renderText(ops, columns);
        for (const line of text.split('\n')) t.ok(line.length <= columns, `fits: "${line}"`);
        const file = golden(`${name}-${columns}`, locale);
        // UPDATE_GOLDEN=1 writes the golden files after a deliberate layout change (review the diff); a missing one fails.
        if (process.env['UPDATE_GOLDEN'] === '1') {
          mkdirSync(dirname(file), { recursive: true });
          writeFileSync(file, text);
        }
        t.ok(existsSync(file), `golden file ${file} exists (UPDATE_GOLDEN=1 writes it)`);
        if (existsSync(file)) t.equal(text, readFileSync(file, 'utf8'), 'matches the golden text');

        const bytes = encodeTicket(ops, columns);
        const decoded = decode(bytes);
        t.equal(decoded.length, 1, 'one ticket, ended by a cut');
        t.equal(renderText(decoded[0] as PrintOp[], columns), text, 'the printer prints what the layout says');
      });
    }
  }
}

t.test(
  'every word a ticket prints, in every language, is in code page 858: accents and € as single bytes',
  async (t) => {
    const printed = (Object.keys(CATALOGS.en) as MessageKey[]).filter((key) =>
      /^(ticket|closure|handover|format)\./.test(key),
    );
    t.ok(printed.length > 40);
    for (const locale of LOCALES) {
      for (const key of printed) {
        const text = translate(locale, key, {
          amount: '12,00',
          number: 17,
          code: 'K7P',
          table: '12',
          customer: 'Rossi',
          time: '21:05',
          address: 'a',
          columns: 32,
          minutes: 12,
        });
        const bytes = encodeTicket([{ op: 'text', text }, { op: 'cut' }], 48);
        const pages = [...bytes.toString('latin1').matchAll(/\x1bt(.)/gs)].map((match) => match[1]!.charCodeAt(0));
        t.same([...new Set(pages)], [19], `${locale} ${key}: "${text}" stays in PC858`);
        const [ops] = decode(bytes);
        t.equal((ops?.[0] as { text: string } | undefined)?.text, text, `${locale} ${key}: printed as written`);
      }
    }
    const total = encodeTicket(layout(receipt, { columns: 32, timezone: 'Europe/Rome', locale: 'it' }), 32);
    t.ok(total.includes(Buffer.from('TOTALE')), 'TOTALE');
    t.ok(total.includes(Buffer.from([0xd5, 0x20, ...Buffer.from('20,00')])), '€ 20,00 with € as byte 0xD5');
    t.ok(total.includes(Buffer.from([...Buffer.from('Tiramis'), 0x97])), 'ù as byte 0x97');
  },
);

t.test('accents and € are encoded in code page 858', async (t) => {
  const bytes = encodeTicket([{ op: 'text', text: 'àèéìòù €' }, { op: 'cut' }], 32);
  t.ok(bytes.includes(Buffer.from([0x1b, 0x74, 19])), 'selects PC858');
  t.ok(bytes.includes(Buffer.from([0x85, 0x8a, 0x82, 0x8d, 0x95, 0x97, 0x20, 0xd5])), 'à è é ì ò ù € as single bytes');
  t.ok(bytes.includes(Buffer.from([0x1d, 0x56, 0x00])), 'full cut');
  const withDrawer = encodeTicket([{ op: 'drawer' }, { op: 'cut' }], 32);
  t.ok(withDrawer.includes(Buffer.from([0x1b, 0x70, 0x00, 0x19, 0xfa])), 'a complete drawer kick');
});

t.test('the receipt kicks the drawer only when asked', async (t) => {
  t.match(renderText(layout(receipt, { columns: 48, timezone: 'Europe/Rome', openDrawer: true }), 48), /^\[drawer\]/);
  t.notMatch(renderText(layout(receipt, { columns: 48, timezone: 'Europe/Rome' }), 48), /\[drawer\]/);
});

t.test(
  'text from customers and notes cannot become printer commands, and foreign letters do not garble the ticket',
  async (t) => {
    const hostile = {
      ...kitchen,
      customer: 'Evil\u001bp\u0000\u0019\u00fa',
      items: [{ ...kitchen.items[0]!, notes: 'one\u001dV\u0000two' }],
    };
    const bytes = encodeTicket(layout(hostile, { columns: 48, timezone: 'Europe/Rome' }), 48);
    t.notOk(bytes.includes(Buffer.from([0x1b, 0x70])), 'no drawer kick from a customer name');
    t.equal(decode(bytes).length, 1, 'no cut from a note');

    const names = 'Ševčík Łukasz Zoë 中文 Ærø € àèéìòù';
    const [ops] = decode(
      encodeTicket([{ op: 'text', text: names }, { op: 'text', text: 'Caffè € 1.20' }, { op: 'cut' }], 48),
    );
    t.same(
      ops!.filter((op) => op.op === 'text').map((op) => (op as { text: string }).text),
      ['Ševčík Łukasz Zoë ?? Ærø € àèéìòù', 'Caffè € 1.20'],
      'other pages for the letters PC858 lacks, "?" for what no page has, and PC858 again after',
    );
  },
);

t.test('the closure wraps long names, never cuts them, and adds up on paper', async (t) => {
  for (const columns of WIDTHS) {
    const text = renderText(layout(closure, { columns, timezone: 'Europe/Rome' }), columns);
    const words = text.split(/\s+/);
    for (const word of ['Pappardelle', 'al', 'cinghiale', 'Primi', 'piatti', 'della', 'tradizione'])
      t.ok(words.includes(word), `${columns}: "${word}" printed whole`);
    t.notMatch(text, /cingh(?!iale)/, `${columns}: not "Pappardelle al cingh"`);
    t.match(text, /No register +€ 30\.00/, `${columns}: orders without a register on their own line`);
    t.match(text, /Discounts +-€ 22\.50/, `${columns}: the discounts between the categories and the revenue`);
    t.match(text, /Refunds +-€ 7\.50/, `${columns}: and the refunds`);
    t.match(text, /Cancelled \(2\) +€ 28\.00/, `${columns}: what cancelled orders paid back, apart`);
    t.match(text, /Volontari \(3\) +€ 15\.00/, `${columns}: the discounts by reason`);
    t.match(text, /Before discounts +€ 1,234\.50/, `${columns}: the categories' sum`);
  }
});

t.test("cancelled orders that had no payment method, and a deleted register's drawer, say so", async (t) => {
  const payload = {
    ...closureWithSessions,
    report: { ...closureWithSessions.report, cancellations: { count: 3, amount: 43, cash: 20, card: 8 } },
    sessions: [{ ...closureWithSessions.sessions![0]!, cashRegisterName: null }],
  } as PrintPayload;
  for (const columns of WIDTHS) {
    const text = renderText(layout(payload, { columns, timezone: 'Europe/Rome' }), columns);
    const cancelled = text.slice(text.indexOf('Cancelled (3)'));
    t.match(cancelled, /^ {2}No payment method +15\.00$/m, `${columns}: 20.00 + 8.00 + 15.00 = 43.00 paid back`);
    t.match(text, /Deleted register/, `${columns}: not "No register", which is the orders confirmed at none`);
  }
  const paid = renderText(layout(closure, { columns: 48, timezone: 'Europe/Rome' }), 48);
  t.notMatch(paid.slice(paid.indexOf('Cancelled (2)')), /No payment method/, 'cancellations all paid: no such line');
});

// The closure of the evening with two registers, one with a long name and big sums, and orders without a register.
const twoRegisters: PrintPayload = {
  ...closure,
  registerName: 'Cassa 2',
  report: {
    ...closure.report,
    cashRegisterStats: [
      {
        id: 'r1',
        reportId: 'c1',
        cashRegisterId: 'x',
        cashRegisterName: 'Cassa principale del bar',
        totalRevenue: 12345.67,
        totalCashRevenue: 11234.5,
        totalCardRevenue: 1111.17,
      },
      {
        id: 'r2',
        reportId: 'c1',
        cashRegisterId: 'y',
        cashRegisterName: 'Cassa 2',
        totalRevenue: 3,
        totalCashRevenue: 3,
        totalCardRevenue: 0,
      },
    ],
  },
};

t.test('the closure is headed with every register it covers, and says which one asked for it', async (t) => {
  for (const locale of LOCALES) {
    for (const columns of WIDTHS) {
      const text = renderText(layout(twoRegisters, { columns, timezone: 'Europe/Rome', locale }), columns);
      const head = text
        .slice(0, text.indexOf(locale === 'en' ? 'From ' : 'Dal '))
        .split(/\s+/)
        .join(' ');
      const none = translate(locale, 'closure.noRegister');
      const covers = `${translate(locale, 'closure.covers')} Cassa principale del bar, Cassa 2, ${none}`;
      t.ok(head.includes(covers), `${locale} ${columns}: "${covers}" in the heading: ${head}`);
      const asked = translate(locale, 'closure.askedAt', { register: 'Cassa 2' });
      t.ok(head.includes(asked), `${locale} ${columns}: who asked`);
    }
  }
});

t.test('the average kitchen time prints in whole minutes, never as a fraction', async (t) => {
  const cases: Array<[number, string]> = [
    [12.01, '12 min'],
    [12.25, '12 min'],
    [12.6, '13 min'],
    [0.3, '< 1 min'],
    [95.4, '95 min'],
  ];
  for (const locale of LOCALES) {
    for (const [minutes, printed] of cases) {
      const payload = { ...closure, report: { ...closure.report, averageCompletitionTime: minutes } };
      const text = renderText(layout(payload, { columns: 32, timezone: 'Europe/Rome', locale }), 32);
      const line = text.split('\n').find((l) => l.startsWith(translate(locale, 'closure.prepTime')));
      t.match(line, new RegExp(` ${printed}$`), `${locale}: ${minutes} min prints "${printed}"`);
    }
  }
});

t.test('at 32 columns, big amounts stay whole on their own line: label and figure, never split', async (t) => {
  for (const locale of LOCALES) {
    const text = renderText(layout(twoRegisters, { columns: 32, timezone: 'Europe/Rome', locale }), 32);
    const lines = text.split('\n');
    const cash = translate(locale, 'closure.cash');
    const card = translate(locale, 'closure.card');
    const amount = (euros: string) => lines.filter((line) => line.trimEnd().endsWith(euros));
    const en = locale === 'en';
    t.match(
      amount(en ? '11,234.50' : '11.234,50'),
      [new RegExp(`^ +${cash} +`)],
      `${locale}: a register's cash, labelled`,
    );
    t.match(amount(en ? '1,111.17' : '1.111,17'), [new RegExp(`^ +${card} +`)], `${locale}: its card, labelled`);
    everyOf(t, lines, (line) => !/\/\s*$/.test(line) && !/^\s*\//.test(line), `${locale}: no line broken at a slash`);
  }
});

t.test('a price or a measure in a name stays whole when the name wraps: "3,00 / l", "0,4 l", "€ 2"', async (t) => {
  const items = [
    { name: 'Vino rosso sfuso 3,00 / l', notes: 'caraffa da 0,5 l', unitPriceCents: 150, totalCents: 150 },
    { name: 'Birra alla spina media 0,4 l', notes: '', unitPriceCents: 400, totalCents: 400 },
    { name: 'Coperto e servizio al tavolo € 2', notes: '', unitPriceCents: 200, totalCents: 200 },
  ].map((item) => ({ ...item, quantity: 1, surchargeCents: 0 }));
  for (const locale of LOCALES) {
    for (const columns of WIDTHS) {
      const text = renderText(layout({ ...receipt, items }, { columns, timezone: 'Europe/Rome', locale }), columns);
      for (const whole of ['3,00 / l', '0,5 l', '0,4 l', '€ 2']) {
        t.match(text, whole, `${locale} ${columns}: "${whole}" on one line`);
      }
    }
  }
});

t.test('in Italian: the words of a sagra, money as € 1.234,50, dates as 21/11/2026 20:04', async (t) => {
  const at = (payload: PrintPayload, columns = 48) =>
    renderText(layout(payload, { columns, timezone: 'Europe/Rome', locale: 'it' }), columns);
  const kitchenText = at(kitchen);
  t.match(kitchenText, /^TAVOLO: 12$/m);
  t.match(kitchenText, /^CLIENTE: Famiglia Bernardoni-Sant’Agata$/m);
  t.match(kitchenText, /^21\/11\/2026 20:04$/m, 'the venue time, as Italians write it');
  t.match(kitchenText, /O R D I N E {3}N \. {3}1 7/);
  t.match(kitchenText, /C O D I C E {3}K 7 P/);
  t.match(at({ ...kitchen, reprint: true }), /\*\*\* RISTAMPA \*\*\*/);
  const cancelled = at(cancellation);
  t.match(cancelled, /A N N U L L A T O/);
  t.match(cancelled, /^Annullato il 21\/11\/2026 20:10$/m);
  const receiptText = at(receipt);
  t.match(receiptText, /^SUBTOTALE +23,60$/m);
  t.match(receiptText, /^SCONTO +-3,60$/m);
  t.match(receiptText, /^TOTALE +€ 20,00$/m);
  t.match(receiptText, /^ {4}1,20 cad\.$/m);
  t.match(receiptText, /^ {4}supplemento 0,50$/m);
  t.match(receiptText, /^Pagamento: CONTANTI$/m);
  t.match(at({ ...receipt, paymentMethod: 'CARD' }), /^Pagamento: CARTA$/m);
  t.match(receiptText, /Il tuo numero:/);
  t.notMatch(receiptText, /Table|Customer|TOTAL\b|Paid|each|Your number/, 'no English left');
  const closureText = at(closure);
  t.match(closureText, /C H I U S U R A {3}G E N E R A L E/);
  t.match(closureText, /^INCASSO +€ 1\.204,50$/m);
  t.match(closureText, /^ {2}Contanti +€ 980,00$/m);
  t.match(closureText, /^Senza cassa +€ 30,00$/m);
  t.match(closureText, /^Senza cassa +€ 30,00\n {2}Contanti +20,00\n {2}Carta +10,00$/m);
  t.match(closureText, /^Prima degli sconti +€ 1\.234,50$/m);
  t.match(closureText, /^Sconti +-€ 22,50$/m);
  t.match(closureText, /^Rimborsi +-€ 7,50$/m);
  t.match(closureText, /^ORDINI ANNULLATI$/m);
  t.match(closureText, /^Annullati \(2\) +€ 28,00$/m);
  t.match(closureText, /^Senza motivo \(2\) +€ 7,50$/m);
  t.match(closureText, /^Tempo medio in cucina +12 min$/m);
  t.match(closureText, /^ +Tutte le casse: Cassa 1, Senza cassa$/m);
  t.match(closureText, /^PER CATEGORIA \(prima degli sconti\)$/m);
  t.match(
    at(closure, 32),
    /^PER CATEGORIA \(prima degli\nsconti\)$/m,
    'a heading too long for the paper wraps, never cut',
  );
  t.match(closureText, /^Dal 21\/11\/2026 07:00$/m);
  t.match(at(testPage), /P A G I N A {3}D I {3}P R O V A/);
});

t.test('order tickets print the ticket number and the display code, labelled, and no other number', async (t) => {
  for (const payload of [kitchen, receipt]) {
    const text = renderText(layout(payload, { columns: 48, timezone: 'Europe/Rome' }), 48);
    t.match(text, /T I C K E T {3}1 7/);
    t.match(text, /C O D E {3}K 7 P/);
    t.notMatch(text, /\b42\b/, `${payload.kind}: the internal order id (42) is not printed`);
    t.notMatch(
      renderText(layout(payload, { columns: 48, timezone: 'Europe/Rome', locale: 'it' }), 48),
      /\b42\b/,
      `${payload.kind}: nor in Italian`,
    );
  }
});
