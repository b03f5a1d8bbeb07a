import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import t from 'tap';
import { nodeCommand, POS_BIN } from '../helpers/server.js';

// At 01:30 the evening is still the business day that began at 07:00: `pos report` without --from asks for it, as
// the server's /health tells it, not for the calendar day that began at midnight. The server here is a real HTTP
// server on 127.0.0.1 that answers as a pos server at 01:30 would, and records what the CLI asked.

t.test('pos report without --from reports the business day (from 07:00), not the calendar day', async (t) => {
  const asked: URL[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    asked.push(url);
    res.setHeader('content-type', 'application/json');
    if (url.pathname === '/health') {
      // 01:30 on 22 November in Rome: the business day began at 07:00 on the 21st.
      res.end(
        JSON.stringify({
          status: 'ok',
          version: 'test',
          timezone: 'Europe/Rome',
          businessDayStart: '2026-11-21T06:00:00.000Z',
        }),
      );
    } else if (url.pathname === '/v1/reports') {
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
      res.end(JSON.stringify([hour('2026-11-21T19:00:00.000Z', 40, 300), hour('2026-11-22T00:00:00.000Z', 2, 15)]));
    } else {
      res.statusCode = 404;
      res.end('{}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const { port } = server.address() as { port: number };

  const child = spawn(...nodeCommand([POS_BIN, 'report', '--url', `http://127.0.0.1:${port}`, '--token', 'x']), {
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
