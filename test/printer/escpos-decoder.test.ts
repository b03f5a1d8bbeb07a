import t from 'tap';
import { EscPosDecoder } from '../../src/printer/escpos-decoder.js';
import type { PrintOp } from '../../src/printer/layouts/ops.js';

function decode(bytes: Buffer): PrintOp[][] {
  const tickets: PrintOp[][] = [];
  const decoder = new EscPosDecoder({ onTicket: (ops) => tickets.push(ops) });
  decoder.push(bytes);
  decoder.flush();
  return tickets;
}

const ESC = 0x1b;

t.test('ESC i and ESC m (the older partial cuts) end a ticket and take no argument byte', async (t) => {
  for (const command of [0x69, 0x6d]) {
    const bytes = Buffer.concat([
      Buffer.from('one\n', 'latin1'),
      Buffer.from([ESC, command]),
      Buffer.from('two\n', 'latin1'),
      Buffer.from([ESC, command]),
    ]);
    const tickets = decode(bytes);
    t.same(
      tickets,
      [
        [{ op: 'text', text: 'one' }, { op: 'cut' }],
        [{ op: 'text', text: 'two' }, { op: 'cut' }],
      ],
      `ESC ${String.fromCharCode(command)}: two tickets, the byte after the cut is printed`,
    );
  }
});

t.test('a cut command split across two packets still ends the ticket once', async (t) => {
  const tickets: PrintOp[][] = [];
  const decoder = new EscPosDecoder({ onTicket: (ops) => tickets.push(ops) });
  decoder.push(Buffer.from([0x41, 0x0a, ESC]));
  decoder.push(Buffer.from([0x69, 0x42, 0x0a]));
  decoder.flush();
  t.same(tickets, [
    [{ op: 'text', text: 'A' }, { op: 'cut' }],
    [{ op: 'text', text: 'B' }, { op: 'cut' }],
  ]);
});
