import { createServer, type ServerResponse } from 'node:http';
import t from 'tap';
import { streamEvents } from '../../src/client/sse.js';

// A connection that goes silent without closing (Wi-Fi gone, a NAT that forgot it) is taken for dead and opened
// again, resuming from the last event id.

t.test('a silent connection is dropped and opened again, resuming where it was', async (t) => {
  const held: ServerResponse[] = [];
  const lastIds: Array<string | undefined> = [];
  const server = createServer((req, res) => {
    lastIds.push(req.headers['last-event-id'] as string | undefined);
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write(`id: ${lastIds.length}\nevent: ping\ndata: {}\n\n`); // one event, then silence, connection open
    held.push(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(async () => {
    for (const res of held) res.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  const { port } = server.address() as { port: number };
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 10_000);
  const reasons: string[] = [];
  const events: string[] = [];
  await streamEvents({
    url: `http://127.0.0.1:${port}/events/display`,
    signal: controller.signal,
    initialRetryMs: 10,
    idleTimeoutMs: 300,
    onEvent: (event) => {
      events.push(event.lastEventId);
      if (events.length === 3) controller.abort();
    },
    onStatus: (status) => {
      if (status.state === 'reconnecting')
        reasons.push(
          status.cause.kind === 'silent'
            ? `silent ${status.cause.idleMs} ms, attempt ${status.attempt}`
            : status.cause.kind,
        );
    },
  });
  clearTimeout(timer);
  t.same(events, ['1', '2', '3']);
  t.same(lastIds, [undefined, '1', '2'], 'each new connection resumes from the last event id');
  t.ok(
    reasons.length >= 2 && reasons.every((reason) => reason === 'silent 300 ms, attempt 1'),
    `dropped for silence (a value, not a sentence), first attempt after each connection: ${reasons.join('; ')}`,
  );
});
