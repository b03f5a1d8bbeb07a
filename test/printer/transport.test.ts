import { createServer, type Server, type Socket } from 'node:net';
import t from 'tap';
import { PrinterEmulator } from '../../src/printer/emulator.js';
import { DeliveryError, interpretStatus, TcpTransport } from '../../src/printer/transport.js';
import type { TestLike } from '../helpers/app.js';
import { waitFor } from '../helpers/wait.js';

// The TCP transport against the emulator and against printers that misbehave in the ways real ones do.

// Where a printer answers, bounds far above its answer: a busy machine can hold the process longer than a short bound,
// and a timer that is due runs before the answer waiting on the socket is read. Short bounds only where the timeout is
// what happens (a stalled printer, one that stops answering).
const transport = new TcpTransport({ connectMs: 10_000, sendMs: 10_000, probeMs: 10_000, closeGraceMs: 200 });
const impatient = new TcpTransport({ connectMs: 500, sendMs: 800, probeMs: 300, closeGraceMs: 200 });
const job = Buffer.from('hello\n\x1dV\x00');

async function emulator(t: TestLike): Promise<PrinterEmulator> {
  const printer = new PrinterEmulator();
  await printer.start();
  t.teardown(() => printer.stop());
  return printer;
}

/** A raw TCP server on 127.0.0.1:0 that does what `onSocket` says. */
async function rawPrinter(
  t: TestLike,
  onSocket: (socket: Socket) => void,
  options: { allowHalfOpen?: boolean } = {},
): Promise<number> {
  const sockets = new Set<Socket>();
  const server: Server = createServer({ allowHalfOpen: options.allowHalfOpen ?? false }, (socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    onSocket(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return (server.address() as { port: number }).port;
}

const at = (port: number) => ({ host: '127.0.0.1', port });

t.test('a job is delivered when the printer has read it', async (t) => {
  const printer = await emulator(t);
  await transport.send(at(printer.port), [job]);
  t.equal(printer.tickets.length, 1);
  t.match(printer.tickets[0]!.text, /hello/);
});

t.test(
  'a printer that keeps the connection open after answering: delivered, connection cut after the grace',
  async (t) => {
    let closedAt = 0;
    const port = await rawPrinter(t, (socket) => {
      socket.on('data', (chunk) => {
        if (chunk.includes(Buffer.from([0x10, 0x04, 0x01]))) socket.write(Buffer.from([0x12]));
      });
      socket.on('close', () => (closedAt = Date.now()));
      socket.on('end', () => {}); // never closes its side
    });
    // A send timeout far longer than the grace, so a busy machine cannot blur the two.
    const patient = new TcpTransport({ connectMs: 500, sendMs: 30_000, probeMs: 300, closeGraceMs: 200 });
    const start = Date.now();
    await patient.send(at(port), [job]);
    t.ok(Date.now() - start < 10_000, 'cut after the grace, not at the send timeout');
    await waitFor('the printer to see its connection closed', () => closedAt > 0, {
      timeoutMs: 15_000,
      intervalMs: 10,
    });
    t.pass('the connection is closed, so the next job can connect');
  },
);

t.test('a printer that closes without reading or answering never makes a job look delivered', async (t) => {
  const port = await rawPrinter(t, (socket) => socket.end());
  await t.rejects(transport.send(at(port), [job]), /without confirming/);
});

t.test('a stalled printer times out; a refused connection fails fast; stop cuts a send short', async (t) => {
  const printer = await emulator(t);
  printer.setStalled(true);
  const start = Date.now();
  await t.rejects(impatient.send(at(printer.port), [job]), /did not take the job within 800 ms/);
  t.ok(Date.now() - start >= 750);

  const refused = await emulator(t);
  const port = refused.port;
  await refused.setOffline(true);
  await t.rejects(transport.send(at(port), [job]), /ECONNREFUSED/);

  const slow = new TcpTransport({ connectMs: 500, sendMs: 60_000, probeMs: 300 });
  const controller = new AbortController();
  const stopping = Date.now();
  setTimeout(() => controller.abort(), 100);
  await t.rejects(slow.send(at(printer.port), [job], controller.signal), /stopped/);
  t.ok(Date.now() - stopping < 10_000, 'stopped at once, not at the minute of the send timeout');
  t.equal(printer.tickets.length, 0);
});

t.test(
  'a batch: each ticket confirmed on its own; a printer that stops answering keeps the ones it confirmed',
  async (t) => {
    const tickets = [Buffer.from('one\n\x1dV\x00'), Buffer.from('two\n\x1dV\x00'), Buffer.from('three\n\x1dV\x00')];
    const printer = await emulator(t);
    await transport.send(at(printer.port), tickets);
    t.same(
      printer.tickets.map((ticket) => ticket.text.trim()),
      ['one', 'two', 'three'],
      'three tickets over one connection',
    );

    // Answers the first two status queries, each 500 ms after it came, then never again.
    const slowThenStalled = await rawPrinter(
      t,
      (socket) => {
        let answered = 0;
        socket.on('data', (chunk) => {
          for (
            let at = chunk.indexOf(Buffer.from([0x10, 0x04, 0x01]));
            at >= 0;
            at = chunk.indexOf(Buffer.from([0x10, 0x04, 0x01]), at + 3)
          ) {
            if (++answered <= 2) setTimeout(() => socket.write(Buffer.from([0x12])), 500);
          }
        });
      },
      { allowHalfOpen: true },
    ); // our FIN does not make it close: it just stops answering
    // 500 ms answers against a 3 s bound: the two answers always in time, the missing third past it.
    const waiting = new TcpTransport({ connectMs: 10_000, sendMs: 3000, probeMs: 10_000, closeGraceMs: 200 });
    const started = Date.now();
    const error = await waiting.send(at(slowThenStalled), tickets).then(
      () => null,
      (failure: unknown) => failure,
    );
    t.ok(error instanceof DeliveryError, 'a DeliveryError');
    t.equal((error as DeliveryError).delivered, 2, 'two tickets confirmed');
    t.match((error as Error).message, /did not take the job within 3000 ms/);
    t.ok(
      Date.now() - started >= 1000 + 2950,
      'the wait is for the next answer: a printer that keeps answering is never cut off',
    );

    // Paper runs out on the second ticket: it sits in the printer's buffer, the third is not sent at all.
    const received: string[] = [];
    const paperOut = await rawPrinter(t, (socket) => {
      let answered = 0;
      socket.on('data', (chunk) => {
        received.push(chunk.toString('latin1').replace(/\x10\x04\x01|\n\x1dV\x00/g, ''));
        if (chunk.includes(Buffer.from([0x10, 0x04, 0x01])))
          socket.write(Buffer.from([++answered === 1 ? 0x12 : 0x1a]));
      });
    });
    const stopped = await transport.send(at(paperOut), tickets).catch((failure: unknown) => failure);
    t.equal(
      (stopped as DeliveryError).delivered,
      2,
      'the one it took while going offline counts, as a single ticket would',
    );
    t.match((stopped as Error).message, /went offline/);
    t.same(
      received,
      ['one', 'two'],
      'each ticket only after the one before was confirmed; none after the printer went offline',
    );

    const refused = await emulator(t);
    await refused.setOffline(true);
    const unreachable = await transport.send(at(refused.port), tickets).catch((failure: unknown) => failure);
    t.equal((unreachable as DeliveryError).delivered, 0, 'no connection: nothing delivered');
  },
);

t.test('probes: ONLINE, paper out, cover open, unreachable, no answer', async (t) => {
  const printer = await emulator(t);
  t.same(await transport.probe(at(printer.port)), { state: 'ONLINE' });
  printer.setPaperOut(true);
  t.same(await transport.probe(at(printer.port)), { state: 'ERROR', reason: 'PAPER_OUT' });
  printer.setPaperOut(false);
  printer.setCoverOpen(true);
  t.same(await transport.probe(at(printer.port)), { state: 'ERROR', reason: 'COVER_OPEN' });
  printer.setCoverOpen(false);
  printer.setStalled(true);
  t.same(await impatient.probe(at(printer.port)), { state: 'NO_ANSWER' });
  printer.setStalled(false);
  const port = printer.port;
  await printer.setOffline(true);
  t.match(await transport.probe(at(port)), { state: 'UNREACHABLE' });
});

t.test('status bytes', async (t) => {
  t.same(interpretStatus(Buffer.from([0x12, 0x12, 0x12])), { state: 'ONLINE' });
  t.same(
    interpretStatus(Buffer.from([0x1a, 0x12, 0x7e])),
    { state: 'ERROR', reason: 'PAPER_OUT' },
    'paper end on the roll sensor',
  );
  t.same(interpretStatus(Buffer.from([0x1a, 0x16, 0x12])), { state: 'ERROR', reason: 'COVER_OPEN' });
  t.same(
    interpretStatus(Buffer.from([0x1a, 0x52, 0x12])),
    { state: 'ERROR', reason: 'NOT_READY' },
    'an error stops the printer',
  );
  t.same(interpretStatus(Buffer.from([0x12, 0x12, 0x1e])), { state: 'ONLINE' }, 'paper near end still prints');
  t.same(interpretStatus(Buffer.from([0x00, 0x12, 0x12])), { state: 'NO_ANSWER' }, 'not a status byte');
  t.same(interpretStatus(Buffer.from([0x12, 0x12])), { state: 'NO_ANSWER' }, 'too short');
});
