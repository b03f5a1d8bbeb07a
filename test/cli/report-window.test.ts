import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import t from 'tap';
import type { TestLike } from '../helpers/app.js';
import { runPosInProcess } from '../helpers/cli.js';
import { nodeCommand, POS_BIN } from '../helpers/server.js';

// At 01:30 the evening is still the business day that began at 07:00: `pos report` without --from asks for it, as
// the server's /health tells it, not for the calendar day that began at midnight. The server here is a real HTTP
// server on 127.0.0.1 that answers as a pos server at 01:30 would, and records what the CLI asked.

/**
 * A real HTTP server on 127.0.0.1 that answers /health as a pos server at 01:30 on 22 November in Rome would (the
 * business day began at 07:00 on the 21st) and /v1/reports with `reports`; it records what the CLI asked.
 */
async function fakePos(t: TestLike, reports: { status: number; body: unknown }) {
  const asked: URL[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    asked.push(url);
    res.setHeader('content-type', 'application/json');
    const [status, body] =
      url.pathname === '/health'
        ? [
            200,
            { status: 'ok', version: 'test', timezone: 'Europe/Rome', businessDayStart: '2026-11-21T06:00:00.000Z' },
          ]
        : url.pathname === '/v1/reports'
          ? [reports.status, reports.body]
          : [404, {}];
    res.statusCode = status;
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const { port } = server.address() as { port: number };
  return { asked, url: `http://127.0.0.1:${port}` };
}

const hour = (start: string, orders: number, revenue: number) => ({
  id: start,
  timestamp: start,
  intervalInMinutes: 60,
  totalOrders: orders,
  totalRevenue: revenue,
  totalCashRevenue: revenue,
  totalCardRevenue: 0,
  averageCompletitionTime: null,
  categoryStats: [],
  cashRegisterStats: [],
});

t.test('pos report without --from reports the business day (from 07:00), not the calendar day', async (t) => {
  const body = [hour('2026-11-21T19:00:00.000Z', 40, 300), hour('2026-11-22T00:00:00.000Z', 2, 15)];
  const { asked, url } = await fakePos(t, { status: 200, body });

  const child = spawn(...nodeCommand([POS_BIN, 'report', '--url', url, '--token', 'x']), {
    env: { ...process.env, POS_DATA_DIR: '', POS_URL: '', POS_TOKEN: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  t.equal(code, 0, stderr);
  const reports = asked.find((url) => url.pathname === '/v1/reports');
  t.equal(reports?.searchParams.get('from'), '2026-11-21T06:00:00.000Z', 'from the start of the business day');
  t.match(stdout, /2026-11-21 20:00\s+40\s+300\.00/, 'the evening is in it');
  t.match(stdout, /total 315\.00 in 42 orders since the start of the business day \(2026-11-21 07:00\)/);
});

t.test('pos report: a day given twice, a date that is none, and a refusal that names its field', async (t) => {
  // As the server answers a report it refuses: the message is a bare "Bad Request", the field is in `details`.
  const { asked, url } = await fakePos(t, {
    status: 400,
    body: {
      statusCode: 400,
      code: 'validation',
      error: 'Bad Request',
      message: 'Bad Request',
      details: [{ path: 'querystring.to', message: 'must be after from', code: 'validation' }],
    },
  });
  const env = { POS_URL: url, POS_TOKEN: 'x', POS_DATA_DIR: '' };
  const report = (...args: string[]) => runPosInProcess(['report', ...args], { env });

  const sameDay = await report('--from', '2026-11-21', '--to', '2026-11-21');
  t.equal(sameDay.code, 1);
  t.match(sameDay.stderr, /--to is where the report stops: for the whole of 2026-11-21 give --to 2026-11-22/);
  const noDate = await report('--from', '2026-13-45');
  t.equal(noDate.code, 1);
  t.match(noDate.stderr, /got "2026-13-45"/);
  t.notOk(
    asked.some((url) => url.pathname === '/v1/reports'),
    'neither was asked of the server',
  );
  const refused = await report('--from', '2026-11-22', '--to', '2026-11-21');
  t.equal(refused.code, 1);
  t.match(
    refused.stderr,
    /Bad Request \(HTTP 400\) \[validation\] \(--to: must be after from\)/,
    'the field, said as its flag',
  );
});
