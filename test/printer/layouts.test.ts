import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { encodeTicket } from '../../src/printer/escpos.js';
import { EscPosDecoder } from '../../src/printer/escpos-decoder.js';
import { type PrintOp, renderText, WIDTHS } from '../../src/printer/layouts/ops.js';
import { layout } from '../../src/printer/layouts/index.js';
import type { PrintPayload } from '../../src/core/printing/payloads.js';
import { cancellation, closure, kitchen, receipt, testPage } from './fixtures.js';

const golden = (name: string) => fileURLToPath(new URL(`./golden/${name}.txt`, import.meta.url));

const cases: Array<[string, PrintPayload, boolean]> = [
  ['kitchen', kitchen, false],
  ['kitchen-reprint', { ...kitchen, reprint: true }, false],
  ['cancellation', cancellation, false],
  ['receipt', receipt, true],
  ['receipt-reprint', { ...receipt, reprint: true, paymentMethod: 'CARD' }, false],
  ['closure', closure, false],
  ['test', testPage, false],
];

function decode(bytes: Buffer): PrintOp[][] {
  const tickets: PrintOp[][] = [];
  const decoder = new EscPosDecoder({ onTicket: (ops) => tickets.push(ops) });
  // Byte by byte: commands split across network packets must still decode.
  for (let i = 0; i < bytes.length; i += 7) decoder.push(bytes.subarray(i, i + 7));
  return tickets;
}

for (const [name, payload, drawer] of cases) {
  for (const columns of WIDTHS) {
    t.test(`${name} at ${columns} columns`, async (t) => {
      const ops = layout(payload, { columns, timezone: 'Europe/Rome', openDrawer: drawer });
      const text = renderText(ops, columns);
      for (const line of text.split('\n')) t.ok(line.length <= columns, `fits: "${line}"`);
      const file = golden(`${name}-${columns}`);
      // UPDATE_GOLDEN=1 writes the golden files after a deliberate layout change (review the diff); a missing one fails.
      if (process.env['UPDATE_GOLDEN'] === '1') writeFileSync(file, text);
      t.ok(existsSync(file), `golden file ${name}-${columns}.txt exists (UPDATE_GOLDEN=1 writes it)`);
      if (existsSync(file)) t.equal(text, readFileSync(file, 'utf8'), 'matches the golden text');

      const bytes = encodeTicket(ops, columns);
      const decoded = decode(bytes);
      t.equal(decoded.length, 1, 'one ticket, ended by a cut');
      t.equal(renderText(decoded[0] as PrintOp[], columns), text, 'the printer prints what the layout says');
    });
  }
}

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

t.test('text from customers and notes cannot become printer commands, and foreign letters do not garble the ticket', async (t) => {
  const hostile = { ...kitchen, customer: 'Evil\u001bp\u0000\u0019\u00fa', items: [{ ...kitchen.items[0]!, notes: 'one\u001dV\u0000two' }] };
  const bytes = encodeTicket(layout(hostile, { columns: 48, timezone: 'Europe/Rome' }), 48);
  t.notOk(bytes.includes(Buffer.from([0x1b, 0x70])), 'no drawer kick from a customer name');
  t.equal(decode(bytes).length, 1, 'no cut from a note');

  const names = 'Ševčík Łukasz Zoë 中文 Ærø € àèéìòù';
  const [ops] = decode(encodeTicket([{ op: 'text', text: names }, { op: 'text', text: 'Caffè € 1.20' }, { op: 'cut' }], 48));
  t.same(
    ops!.filter((op) => op.op === 'text').map((op) => (op as { text: string }).text),
    ['Ševčík Łukasz Zoë ?? Ærø € àèéìòù', 'Caffè € 1.20'],
    'other pages for the letters PC858 lacks, "?" for what no page has, and PC858 again after',
  );
});

t.test('the closure wraps long names, never cuts them, and adds up on paper', async (t) => {
  for (const columns of WIDTHS) {
    const text = renderText(layout(closure, { columns, timezone: 'Europe/Rome' }), columns);
    const words = text.split(/\s+/);
    for (const word of ['Pappardelle', 'al', 'cinghiale', 'Primi', 'piatti', 'della', 'tradizione']) t.ok(words.includes(word), `${columns}: "${word}" printed whole`);
    t.notMatch(text, /cingh(?!iale)/, `${columns}: not "Pappardelle al cingh"`);
    t.match(text, /No register +€ 30\.00/, `${columns}: orders without a register on their own line`);
    t.match(text, /Discounts +-€ 30\.00/, `${columns}: the discounts between the categories and the revenue`);
    t.match(text, /Before discounts +€ 1234\.50/, `${columns}: the categories' sum`);
  }
});

t.test('order tickets print the ticket number and the display code, labelled, and no other number', async (t) => {
  for (const payload of [kitchen, receipt]) {
    const text = renderText(layout(payload, { columns: 48, timezone: 'Europe/Rome' }), 48);
    t.match(text, /T I C K E T {3}1 7/);
    t.match(text, /C O D E {3}K 7 P/);
    t.notMatch(text, /\b42\b/, `${payload.kind}: the internal order id (42) is not printed`);
  }
});
