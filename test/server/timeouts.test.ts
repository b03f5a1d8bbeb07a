import { connect } from 'node:net';
import t from 'tap';
import { buildApp, HTTP_TIMEOUTS } from '../../src/server/app.js';
import { buildTestApp } from '../helpers/app.js';
import { openSse } from '../helpers/sse.js';

/** `what` if it settles within `ms`, else `otherwise` (the timer does not outlive the race). */
async function within<T>(what: Promise<T>, ms: number, otherwise: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => (timer = setTimeout(() => resolve(otherwise), ms)));
  try {
    return await Promise.race([what, late]);
  } finally {
    clearTimeout(timer);
  }
}

// A request whose body trickles in forever no longer holds a connection: Fastify's request and
// connection timeouts are set (docs/operations.md, "Timeouts").

t.test('the served app has request, header and idle timeouts', async (t) => {
  const app = await buildTestApp(t);
  const server = app.runtime.app.server;
  t.equal(server.requestTimeout, HTTP_TIMEOUTS.requestMs, 'whole request');
  t.equal(server.headersTimeout, HTTP_TIMEOUTS.headersMs, 'headers');
  t.equal(server.timeout, HTTP_TIMEOUTS.idleMs, 'idle connection');
  t.ok(HTTP_TIMEOUTS.requestMs > 0 && HTTP_TIMEOUTS.headersMs <= HTTP_TIMEOUTS.requestMs);
});

t.test('a body that trickles in forever is cut off with 408 and the connection closed', async (t) => {
  const base = await buildTestApp(t);
  // The same appliance behind an app with short timeouts, so the test takes a second, not a minute.
  const app = await buildApp({
    services: base.runtime.app.services,
    timeouts: { requestMs: 800, headersMs: 800, idleMs: 60_000, checkEveryMs: 100 },
  });
  t.teardown(() => app.close());
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };

  const socket = connect(port, '127.0.0.1');
  t.teardown(() => socket.destroy());
  let answer = '';
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.write(
    'POST /v1/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
  );
  const started = Date.now();
  const trickle = setInterval(() => socket.writable && socket.write(' '), 50); // one byte every 50 ms: never idle
  t.teardown(() => clearInterval(trickle));
  const outcome = await within(
    closed.then(() => 'closed'),
    30_000,
    'still open',
  );
  clearInterval(trickle);
  t.equal(outcome, 'closed', 'the server closed the connection');
  t.ok(Date.now() - started < 20_000, `at the request timeout, not the idle one (${Date.now() - started} ms)`);
  t.match(answer, /^HTTP\/1\.1 408/, 'answered 408 Request Timeout');
  t.match(
    JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)),
    { statusCode: 408, code: 'timeout', error: 'Request Timeout', message: /\w/ },
    'in the one error shape',
  );

  // An event stream is quiet by design: the idle timeout does not cut it.
  const quiet = await buildApp({ services: base.runtime.app.services, timeouts: { idleMs: 300, checkEveryMs: 100 } });
  t.teardown(() => quiet.close());
  await quiet.listen({ port: 0, host: '127.0.0.1' });
  const quietPort = (quiet.server.address() as { port: number }).port;
  const stream = await openSse(`http://127.0.0.1:${quietPort}/events/display`, {
    authorization: `Bearer ${await base.token('operator')}`,
  });
  t.teardown(() => stream.close());
  let cut = false;
  void stream.closed.then(() => (cut = true));
  // Plain connections opened after the stream and left idle, one after the other: once both are cut, the idle
  // timeout has passed the stream's own idle moment, and a whole idle period more for its close to arrive.
  for (const which of ['first', 'second']) {
    const idle = connect(quietPort, '127.0.0.1');
    t.teardown(() => idle.destroy());
    idle.on('error', () => {});
    const idleClosed = new Promise<string>((resolve) => idle.once('close', () => resolve('closed')));
    t.equal(await within(idleClosed, 10_000, 'still open'), 'closed', `the ${which} idle plain connection is cut`);
  }
  t.equal(cut, false, 'a stream outlives the idle timeout');
});
