import t from 'tap';
import { sql } from 'kysely';
import { nextTicketNumber } from '../../src/core/orders/tickets.js';
import { POSTGRES_WRITE_LOCK, type Storage, transaction } from '../../src/storage/database.js';
import { migrate } from '../../src/storage/migrate.js';
import { findPrimary, hostUrls, maskUrl, NoPrimaryError, openPostgres } from '../../src/storage/postgres.js';
import { migrations } from '../../migrations/index.js';
import { waitFor } from '../helpers/wait.js';
import { createTestDatabase, POSTGRES_MISSING, postgresInstalled, testCluster } from '../helpers/pg-cluster.js';

// The PostgreSQL engine itself: URLs of several hosts, the pool's numbers, the write lock, migrations by two
// instances at once. The app's behaviour on PostgreSQL is checked by the files test/postgres-files-1.test.ts, -2 and
// -3 run.

t.test('a URL of several hosts gives one URL per host; passwords never reach a log', async (t) => {
  t.same(hostUrls('postgres://pos:pw@h1:5432,h2:5433/pos?sslmode=disable'), [
    'postgres://pos:pw@h1:5432/pos?sslmode=disable',
    'postgres://pos:pw@h2:5433/pos?sslmode=disable',
  ]);
  t.same(hostUrls('postgresql://pos@/pos?host=h1,h2&port=5432'), [
    'postgresql://pos@/pos?host=h1&port=5432',
    'postgresql://pos@/pos?host=h2&port=5432',
  ]);
  t.same(hostUrls('postgres://pos@db/pos'), ['postgres://pos@db/pos']);
  t.equal(maskUrl('postgres://pos:s3cret@h1,h2/pos'), 'postgres://pos:***@h1,h2/pos');
  t.equal(maskUrl('postgres://pos@h1/pos?password=s3cret&x=1'), 'postgres://pos@h1/pos?password=***&x=1');
  t.equal(maskUrl('postgres://h1/pos'), 'postgres://h1/pos');
});

if (!postgresInstalled()) {
  t.comment(`skipped: ${POSTGRES_MISSING}`);
} else {
  const open = async (t: { teardown(fn: () => unknown): void }, url: string): Promise<Storage> => {
    const storage = await openPostgres(url, { log: () => {} });
    t.teardown(() => storage.close());
    return storage;
  };

  t.test('the primary is found among several hosts; none answering is a clear error', async (t) => {
    const cluster = await testCluster();
    const dead = await freeClosedPort();
    const url = `postgres://postgres@127.0.0.1:${dead},127.0.0.1:${cluster.port}/postgres`;
    t.equal(await findPrimary(url, 2000), `postgres://postgres@127.0.0.1:${cluster.port}/postgres`);
    const refused = await findPrimary(`postgres://postgres@127.0.0.1:${dead},127.0.0.1:${dead}/postgres`, 2000).then(
      () => null,
      (error: unknown) => error,
    );
    t.ok(refused instanceof NoPrimaryError, 'no primary');
    t.match((refused as Error).message, /no primary among the hosts.*ECONNREFUSED/);
  });

  t.test('counts, sums and bigint columns come back as numbers', async (t) => {
    const storage = await open(t, await createTestDatabase());
    const { rows } = await sql<{ n: unknown; total: unknown; big: unknown }>`
      select count(*) as n, sum(x) as total, 1764000000000::bigint as big from (values (1), (2)) as v(x)`.execute(
      storage.read,
    );
    t.same(rows, [{ n: 2, total: 3, big: 1_764_000_000_000 }]);
  });

  t.test('a write transaction holds the write lock until it commits, across instances', async (t) => {
    const url = await createTestDatabase();
    const a = await open(t, url);
    const b = await open(t, url);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const order: string[] = [];
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const first = transaction(a, async () => {
      entered();
      await held;
      order.push('a');
    });
    await inside;
    const second = b.writer.run(async () => {
      order.push('b');
    });
    const granted = async () => {
      const locks = await sql<{ granted: boolean }>`
        select granted from pg_locks where locktype = 'advisory' and objid = ${POSTGRES_WRITE_LOCK}`.execute(a.read);
      return JSON.stringify(locks.rows.map((row) => row.granted).sort());
    };
    await waitFor('the second write waiting for the lock', async () => (await granted()) === '[false,true]');
    t.same(order, [], 'the second write waits while the first holds the lock');
    release();
    await Promise.all([first, second]);
    t.same(order, ['a', 'b']);
  });

  t.test('ticket numbers from two instances are gap-free and unique', async (t) => {
    const url = await createTestDatabase();
    const a = await open(t, url);
    const b = await open(t, url);
    const taken = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        (index % 2 ? a : b).writer.run((trx) => nextTicketNumber(trx, '2026-11-21')),
      ),
    );
    t.same(
      [...taken].sort((x, y) => x - y),
      Array.from({ length: 40 }, (_, index) => index + 1),
    );
  });

  t.test('writes that queue up share a commit; one that fails leaves the others in', async (t) => {
    const storage = await open(t, await createTestDatabase());
    const row = (id: string, name: string) => ({
      id,
      name,
      available: 1,
      position: 0,
      created_at: 1,
      updated_at: 1,
    });
    const writes = Array.from({ length: 30 }, (_, index) =>
      storage.writer.run(async (trx) => {
        // the 11th reuses a name: refused by the unique index, inside the shared transaction
        await trx
          .insertInto('categories')
          .values(row(`c${index}`, index === 10 ? 'C3' : `C${index}`))
          .execute();
        return index;
      }),
    );
    const results = await Promise.allSettled(writes);
    t.same(
      results.map((result) => result.status),
      results.map((_, index) => (index === 10 ? 'rejected' : 'fulfilled')),
    );
    const names = await storage.read.selectFrom('categories').select('id').execute();
    t.equal(names.length, 29, 'every other write committed');
    t.equal(storage.writer.stats.writes, 30, 'the refused one was served by a commit too');
    t.ok(storage.writer.stats.commits < 30, `${storage.writer.stats.commits} commits served 30 writes`);
  });

  t.test('two instances migrating a blank database together apply each migration once', async (t) => {
    const cluster = await testCluster();
    const name = `pos_blank_${process.pid}`;
    await cluster.admin(`create database ${name}`);
    const a = await open(t, cluster.url(name));
    const b = await open(t, cluster.url(name));
    const [first, second] = await Promise.all([migrate(a), migrate(b)]);
    const names = Object.keys(migrations).sort();
    t.same([...first.applied, ...second.applied].sort(), names, 'every migration applied, none twice');
    t.same((await migrate(a)).applied, [], 'then nothing is pending');
    const { rows } = await sql<{ n: number }>`select count(*) as n from schema_migrations`.execute(a.read);
    t.equal(rows[0]?.n, names.length);
  });

  t.test('names are unique whatever their case (citext), as on SQLite', async (t) => {
    const storage = await open(t, await createTestDatabase());
    const row = { id: 'c1', name: 'Bevande', available: 1, position: 0, created_at: 1, updated_at: 1 };
    await storage.writer.run((trx) => trx.insertInto('categories').values(row).execute());
    await t.rejects(
      storage.writer.run((trx) =>
        trx
          .insertInto('categories')
          .values({ ...row, id: 'c2', name: 'BEVANDE' })
          .execute(),
      ),
      /unique/,
    );
    const found = await storage.read.selectFrom('categories').select('id').where('name', '=', 'bevande').execute();
    t.same(found, [{ id: 'c1' }]);
  });
}

/** A port nothing listens on (taken and given back). */
async function freeClosedPort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 1));
    });
  });
}
