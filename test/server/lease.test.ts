import t from 'tap';
import pg from 'pg';
import { type Duties, LocalLease, PostgresLease } from '../../src/server/cluster/lease.js';
import { sessionFactory } from '../../src/server/cluster/session.js';
import { createTestDatabase, POSTGRES_MISSING, postgresInstalled } from '../helpers/pg-cluster.js';
import { waitFor } from '../helpers/wait.js';

// The lease: one instance at a time runs the duties (printers, maintenance, backups). On PostgreSQL a session
// advisory lock on a dedicated connection; the others try again every few seconds.

/** Duties that count how many run at once (never more than one across the leases of a test). */
function countedDuties(state: { running: number; most: number; starts: number }): Duties {
  return async () => {
    state.running++;
    state.starts++;
    state.most = Math.max(state.most, state.running);
    return async () => {
      state.running--;
    };
  };
}

t.test('on SQLite the single server holds it from the start to the end', async (t) => {
  const state = { running: 0, most: 0, starts: 0 };
  const lease = new LocalLease(countedDuties(state));
  await lease.start();
  t.ok(lease.held);
  t.equal(state.running, 1);
  await lease.close();
  t.notOk(lease.held);
  t.equal(state.running, 0);
});

if (!postgresInstalled()) {
  t.test('on PostgreSQL', { skip: POSTGRES_MISSING }, async () => {});
} else {
  t.test('one holder at a time; a lost session stops its duties and another takes over', async (t) => {
    const url = await createTestDatabase();
    const state = { running: 0, most: 0, starts: 0 };
    const sessions = sessionFactory(async () => ({ connectionString: url }), 'pos lease test');
    const options = { retryMs: 200, checkMs: 200 };
    const first = new PostgresLease(sessions, countedDuties(state), options);
    const second = new PostgresLease(sessions, countedDuties(state), options);
    t.teardown(() => Promise.all([first.close(), second.close()]));
    await first.start();
    await second.start();
    t.ok(first.held, 'the first to ask holds it');
    t.notOk(second.held);
    t.equal(state.running, 1);

    // The holder's session is cut by the server (a failover, an administrator): its check notices, its duties stop.
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    t.teardown(() => admin.end());
    await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'pos lease test'
       and pid in (select pid from pg_locks where locktype = 'advisory' and granted)`,
    );
    await waitFor('the other lease to take over', () => second.held && !first.held, { timeoutMs: 15_000 });
    t.equal(state.running, 1, 'one runs the duties');
    await waitFor('the first to hold it again after the second closes', async () => {
      await second.close();
      return first.held;
    });
    t.equal(state.most, 1, 'never two at once');
    t.equal(state.starts, 3);
  });

  t.test('a server without a database keeps trying and takes the lease when it is back', async (t) => {
    const url = await createTestDatabase();
    const state = { running: 0, most: 0, starts: 0 };
    let reachable = false;
    const lease = new PostgresLease(
      async () => {
        if (!reachable) throw new Error('connect ECONNREFUSED');
        return sessionFactory(async () => ({ connectionString: url }), 'pos lease test')();
      },
      countedDuties(state),
      { retryMs: 200, checkMs: 200 },
    );
    t.teardown(() => lease.close());
    await lease.start();
    t.notOk(lease.held);
    reachable = true;
    await waitFor('the lease once the database answers', () => lease.held, { timeoutMs: 15_000 });
    await lease.close();
    t.equal(state.running, 0, 'closing stops the duties');
  });
}
