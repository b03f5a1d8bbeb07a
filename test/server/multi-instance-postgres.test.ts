import t from 'tap';
import { buildTestApp, type TestApp, type TestLike } from '../helpers/app.js';
import { createOrder, pizzaOrder } from '../helpers/orders.js';
import { createTestDatabase, POSTGRES_MISSING, postgresInstalled } from '../helpers/pg-cluster.js';
import { seedMenu } from '../helpers/seed.js';
import { openSse } from '../helpers/sse.js';
import { waitFor } from '../helpers/wait.js';

// Two servers on one PostgreSQL database, as two laptops of a festival run them: what one commits, the other's
// clients see; ticket numbers and display codes stay exact across both; one of them holds the lease.

if (!postgresInstalled()) {
  t.plan(0, POSTGRES_MISSING);
} else {
  /** Two appliances on one fresh database (each its own data dir), real time, listening on 127.0.0.1. */
  async function pair(t: TestLike): Promise<[TestApp, TestApp]> {
    const databaseUrl = await createTestDatabase();
    const a = await buildTestApp(t, { config: { databaseUrl }, realTime: true });
    const b = await buildTestApp(t, { config: { databaseUrl }, realTime: true });
    return [a, b];
  }

  async function listen(app: TestApp): Promise<string> {
    await app.runtime.app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.runtime.app.server.address();
    if (!address || typeof address !== 'object') throw new Error('not listening');
    return `http://127.0.0.1:${address.port}`;
  }

  t.test('orders on both at once: gap-free ticket numbers, unique display codes', async (t) => {
    const [a, b] = await pair(t);
    const menu = await seedMenu(a);
    const confirmed = pizzaOrder(menu, { confirm: { paymentMethod: 'CASH' } });
    const orders = await Promise.all(Array.from({ length: 60 }, (_, i) => createOrder(i % 2 === 0 ? a : b, confirmed)));
    t.same(
      orders.map((order) => order.ticketNumber).sort((x, y) => (x as number) - (y as number)),
      Array.from({ length: 60 }, (_, i) => i + 1),
      'ticket numbers 1..60, none twice',
    );
    t.equal(new Set(orders.map((order) => order.displayCode)).size, 60, 'display codes unique');
  });

  t.test("a stream on one instance gets the other's events in order, and replays on either", async (t) => {
    const [a, b] = await pair(t);
    const menu = await seedMenu(a);
    const baseA = await listen(a);
    const baseB = await listen(b);
    const tokenFromA = await a.token('operator');
    const onA = await openSse(`${baseA}/events/cashier`, { authorization: `Bearer ${tokenFromA}` });
    t.teardown(() => onA.close());
    t.equal(onA.status, 200, "B's tokens and A's are signed with the same secret");

    const created = [];
    for (let i = 0; i < 5; i++) created.push(await createOrder(b, pizzaOrder(menu, { customer: `B${i}` })));
    const events = await waitFor('the five orders created on B, on the stream of A', () => {
      const seen = onA.events.filter((event) => event.event === 'new-order');
      return seen.length >= 5 && seen;
    });
    t.same(
      events.map((event) => JSON.parse(event.data).id),
      created.map((order) => order.id),
      'in the order they were committed',
    );
    const ids = events.map((event) => Number(event.lastEventId));
    t.same(
      ids,
      [...ids].sort((x, y) => x - y),
      'ids ascending',
    );

    // A client that was on A reconnects to B from the second order's event, and to A from B's newest.
    const second = events[1]?.lastEventId as string;
    const onB = await openSse(`${baseB}/events/cashier`, {
      authorization: `Bearer ${tokenFromA}`,
      'last-event-id': second,
    });
    t.teardown(() => onB.close());
    const replayed = await waitFor('the replay on B', () => {
      const seen = onB.events.filter((event) => event.event === 'new-order');
      return seen.length >= 3 && seen;
    });
    t.same(
      replayed.map((event) => event.lastEventId),
      events.slice(2).map((event) => event.lastEventId),
      'B replays what followed, the same ids',
    );
    t.notOk(
      onB.events.some((event) => event.event === 'resync'),
      'no resync',
    );
    const later = await createOrder(a, pizzaOrder(menu, { customer: 'A' }));
    await waitFor("A's order on B's stream", () =>
      onB.events.some((event) => event.event === 'new-order' && JSON.parse(event.data).id === later.id),
    );
  });

  t.test('one instance holds the lease; the other takes over when it stops', async (t) => {
    const [a, b] = await pair(t);
    const holders = () => [a, b].filter((app) => app.runtime.instance.lease.held);
    t.equal(holders().length, 1, 'exactly one holds it');
    const [holder] = holders() as [TestApp];
    const other = holder === a ? b : a;
    t.equal((await holder.request({ method: 'GET', url: '/health', as: 'none' })).json().lease, true);
    t.equal((await other.request({ method: 'GET', url: '/health', as: 'none' })).json().lease, false);
    const stoppedAt = Date.now();
    await holder.runtime.close();
    await waitFor('the other instance to take the lease', () => other.runtime.instance.lease.held, {
      timeoutMs: 15_000,
    });
    t.ok(Date.now() - stoppedAt < 15_000, 'within 15 s');
  });
}
