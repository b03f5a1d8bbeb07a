import { createServer, connect, type Server, type Socket } from 'node:net';
import t from 'tap';
import { buildTestApp } from '../helpers/app.js';
import { createOrder, pizzaOrder } from '../helpers/orders.js';
import { createTestDatabase, POSTGRES_MISSING, postgresInstalled, testCluster } from '../helpers/pg-cluster.js';
import { seedMenu } from '../helpers/seed.js';
import { waitFor } from '../helpers/wait.js';

// The database's host dies under a running server: every connection cut, no new one taken. The server must not
// crash (a pg connection that dies emits 'error'), must answer 503 meanwhile (the tills retry from their outbox),
// never 500, and must carry on with the other host of its URL, the lease and the LISTEN connection included.

/** A TCP relay to the test cluster that can die (cut everything, refuse new connections) and come back. */
class Relay {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  port = 0;

  constructor(private readonly target: number) {}

  async up(): Promise<void> {
    const server = createServer((inbound) => {
      const outbound = connect(this.target, '127.0.0.1');
      for (const socket of [inbound, outbound]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => {});
      }
      inbound.pipe(outbound).pipe(inbound);
      inbound.on('close', () => outbound.destroy());
      outbound.on('close', () => inbound.destroy());
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as { port: number }).port;
    this.server = server;
  }

  async down(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }
}

if (!postgresInstalled()) {
  t.plan(0, POSTGRES_MISSING);
} else {
  t.test('the primary dies: 503 meanwhile, then the server carries on with the other host', async (t) => {
    const cluster = await testCluster();
    const database = new URL(await createTestDatabase()).pathname;
    const first = new Relay(cluster.port);
    const second = new Relay(cluster.port);
    await first.up();
    await second.up();
    await second.down(); // its port is known and refuses connections: a standby laptop that is off
    t.teardown(() => Promise.all([first.down(), second.down()]));
    const databaseUrl = `postgres://postgres@127.0.0.1:${first.port},127.0.0.1:${second.port}${database}`;
    const app = await buildTestApp(t, { config: { databaseUrl }, realTime: true });
    const menu = await seedMenu(app);
    await createOrder(app, pizzaOrder(menu));
    t.ok(app.runtime.instance.lease.held);
    t.ok(app.runtime.instance.notified);

    await first.down();
    await second.up();
    const statuses = new Set<number>();
    const order = pizzaOrder(menu, { confirm: { paymentMethod: 'CASH' } });
    const created = await waitFor(
      'an order accepted again',
      async () => {
        const response = await app.request({ method: 'POST', url: '/v1/orders', as: 'operator', body: order });
        statuses.add(response.statusCode);
        if (response.statusCode === 503) t.equal(response.json().code, 'unavailable');
        return response.statusCode === 201 && response.json();
      },
      { timeoutMs: 30_000, intervalMs: 200 },
    );
    t.ok(created.ticketNumber, 'confirmed with a ticket number');
    t.ok(statuses.has(503), 'the request that met the dead host was answered 503');
    t.same(
      [...statuses].filter((status) => status !== 201 && status !== 503),
      [],
      'only 503 while the database was away, never 500',
    );
    await waitFor('the lease held again', () => app.runtime.instance.lease.held, { timeoutMs: 20_000 });
    await waitFor('listening again', () => app.runtime.instance.notified, { timeoutMs: 20_000 });
    const health = await app.request({ method: 'GET', url: '/health', as: 'none' });
    t.equal(health.statusCode, 200);
    t.equal(app.runtime.storage.location, `postgres://postgres@127.0.0.1:${second.port}${database}`);
  });
}
