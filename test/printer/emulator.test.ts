import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { encodeTicket } from '../../src/printer/escpos.js';
import { PrinterEmulator } from '../../src/printer/emulator.js';
import { TcpTransport } from '../../src/printer/transport.js';
import { tempDir } from '../helpers/app.js';

// Seconds for an emulator in this process to answer: a busy machine must not make one that answered look silent.
const transport = new TcpTransport({ connectMs: 5000, sendMs: 10_000, probeMs: 5000 });

t.test('one file per ticket, big text spaced out, accents and €; numbering continues after a restart', async (t) => {
  const out = tempDir(t);
  const first = new PrinterEmulator({ outDir: out, columns: 32 });
  await first.start();
  const two = Buffer.concat([
    encodeTicket(
      [{ op: 'text', text: 'K7P', big: true, align: 'center' }, { op: 'text', text: 'Caffè € 1.20' }, { op: 'cut' }],
      32,
    ),
    encodeTicket([{ op: 'text', text: 'second' }, { op: 'cut' }], 32),
  ]);
  await transport.send({ host: '127.0.0.1', port: first.port }, [two]);
  await first.stop();
  t.equal(first.tickets.length, 2, 'a cut ends a ticket');
  t.equal(first.tickets[0]!.text, '            K 7 P\nCaffè € 1.20\n');

  const second = new PrinterEmulator({ outDir: out, columns: 32 });
  await second.start();
  t.teardown(() => second.stop());
  await transport.send({ host: '127.0.0.1', port: second.port }, [
    encodeTicket([{ op: 'text', text: 'third' }, { op: 'cut' }], 32),
  ]);
  const files = readdirSync(out).sort();
  t.same(
    files.map((name) => name.slice(0, 4)),
    ['0001', '0002', '0003'],
  );
  t.equal(readFileSync(join(out, files[2]!), 'utf8'), 'third\n');
});

t.test('what arrives while the paper is out comes out when it is back', async (t) => {
  const printer = new PrinterEmulator();
  await printer.start();
  t.teardown(() => printer.stop());
  printer.setPaperOut(true);
  await transport.send({ host: '127.0.0.1', port: printer.port }, [
    encodeTicket([{ op: 'text', text: 'held' }, { op: 'cut' }], 48),
  ]);
  t.equal(printer.tickets.length, 0);
  printer.setPaperOut(false);
  t.equal(printer.tickets.length, 1);
});
