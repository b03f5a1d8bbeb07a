import t from 'tap';
import type { PickupOrder } from '../../src/api/pickup.js';
import { encodeTicket } from '../../src/printer/escpos.js';
import { EscPosDecoder } from '../../src/printer/escpos-decoder.js';
import type { PrintOp } from '../../src/printer/layouts/ops.js';
import { receipt } from '../../src/printer/layouts/receipt.js';
import { translate } from '../../src/i18n/index.js';
import { judge, readCode, refusalText } from '../../src/web/pickup/scan.js';
import { receipt as receiptFixture } from '../printer/fixtures.js';

// What the pickup counter's field accepts, and what it says about an order it cannot hand out.

const order = (id: number, code: string, stations: Array<[string, 'WAITING' | 'DONE']> = []): PickupOrder => ({
  id,
  ticketNumber: id,
  displayCode: code,
  customer: 'Rossi',
  since: '2026-11-21T19:00:00.000Z',
  stations: stations.map(([name, status]) => ({ printerId: name, name, status, doneAt: null })),
});

t.test('a display code typed in any case, with spaces, or scanned', async (t) => {
  t.equal(readCode('K7P'), 'K7P');
  t.equal(readCode(' k 7 p\n'), 'K7P');
  t.equal(readCode('K0P'), null, 'no look-alikes in a code');
  t.equal(readCode('K7PP'), null);
  t.equal(readCode(''), null);
});

t.test('the verdicts, in both languages', async (t) => {
  const state = {
    ready: [order(1, 'K7P')],
    preparing: [
      order(2, 'A2B', [
        ['Bar', 'DONE'],
        ['Cucina', 'WAITING'],
      ]),
      order(3, 'C3D', [['Cucina', 'WAITING']]),
      order(4, 'D4E'),
    ],
    pickedUp: [order(5, 'E5F')],
  };
  t.match(judge(state, 'K7P'), { kind: 'ready', order: { id: 1 } });
  const say = (code: string, locale: 'en' | 'it') => {
    const verdict = judge(state, code);
    return verdict.kind === 'ready'
      ? 'ready'
      : refusalText(verdict, { t: (key, values) => translate(locale, key, values) });
  };
  t.equal(say('A2B', 'en'), 'not ready: Bar 1 of 2 done');
  t.equal(say('A2B', 'it'), 'non pronto: Bar 1 di 2 pronte');
  t.equal(say('C3D', 'en'), 'not ready: 0 of 1 done');
  t.equal(say('D4E', 'en'), 'not ready: still in the kitchen');
  t.equal(say('E5F', 'en'), 'already picked up');
  t.equal(say('E5F', 'it'), 'già ritirato');
  t.equal(say('ZZZ', 'en'), 'unknown code');
  t.equal(say('ZZZ', 'it'), 'codice sconosciuto');
  t.same(judge(state, null), { kind: 'unknown' });
});

t.test("the receipt's QR holds exactly what the pickup field accepts", async (t) => {
  for (const code of ['K7P', '2AZ', 'XYW']) {
    for (const columns of [32, 42, 48]) {
      const ops = receipt({ ...receiptFixture, displayCode: code }, { columns, timezone: 'Europe/Rome', locale: 'it' });
      const tickets: PrintOp[][] = [];
      const decoder = new EscPosDecoder({ onTicket: (ticket) => tickets.push(ticket) });
      decoder.push(encodeTicket(ops, columns));
      decoder.flush();
      const printed = tickets.flat().filter((op) => op.op === 'qr');
      t.equal(printed.length, 1, `one QR code on the ${columns}-column receipt`);
      const data = (printed[0] as { data: string }).data;
      t.equal(data, code, 'the QR stores the display code itself');
      t.equal(readCode(data), code, 'and the field takes it as it comes from the scanner');
    }
  }
});
