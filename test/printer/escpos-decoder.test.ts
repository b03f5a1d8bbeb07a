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

t.test(
  "the receipt's QR code: GS ( k model 2, module size, error correction, store, print; decoded to its text",
  async (t) => {
    const { encodeTicket } = await import('../../src/printer/escpos.js');
    const bytes = encodeTicket(
      [{ op: 'text', text: 'K 7 P', big: true }, { op: 'qr', data: 'K7P' }, { op: 'cut' }],
      32,
    );
    const GS_K = [0x1d, 0x28, 0x6b];
    const find = (...rest: number[]) => bytes.indexOf(Buffer.from([...GS_K, ...rest]));
    t.ok(find(0x04, 0x00, 0x31, 0x41, 0x32, 0x00) >= 0, 'model 2');
    t.ok(find(0x03, 0x00, 0x31, 0x43, 0x06) >= 0, 'module size 6 dots');
    t.ok(find(0x03, 0x00, 0x31, 0x45, 0x31) >= 0, 'error correction M (15%)');
    const store = find(0x06, 0x00, 0x31, 0x50, 0x30);
    t.ok(store >= 0, 'the data stored');
    t.equal(bytes.subarray(store + 8, store + 11).toString('latin1'), 'K7P', 'the display code itself');
    t.ok(find(0x03, 0x00, 0x31, 0x51, 0x30) > store, 'then printed');
    t.same(
      decode(bytes)[0]?.filter((op) => op.op === 'qr'),
      [{ op: 'qr', data: 'K7P' }],
      'the emulator shows the QR by its text',
    );
    // Byte by byte, as a slow connection may hand it over: the same one QR code.
    const tickets: PrintOp[][] = [];
    const decoder = new EscPosDecoder({ onTicket: (ops) => tickets.push(ops) });
    for (const byte of bytes) decoder.push(Buffer.from([byte]));
    t.same(
      tickets[0]?.filter((op) => op.op === 'qr'),
      [{ op: 'qr', data: 'K7P' }],
    );
  },
);
