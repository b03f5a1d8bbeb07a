import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { tempDir } from '../helpers/app.js';
import { posInProcess, runPosInProcess } from '../helpers/cli.js';
import { startEmulatorProcess } from '../helpers/emulator-process.js';
import { PG_BIN, POSTGRES_MISSING, postgresInstalled, testCluster } from '../helpers/pg-cluster.js';
import { startRealServer } from '../helpers/server.js';

// The real executable on PostgreSQL: `pos serve --database` migrates an empty database, takes an order and prints
// its kitchen ticket; the commands that copy the SQLite file refuse, saying what to use instead.

t.test(
  '--database takes only a PostgreSQL URL; setup --from refuses with it (--backup-every uses pg_dump)',
  async (t) => {
    const dataDir = tempDir(t);
    const wrong = await runPosInProcess(['serve', '--database', 'mysql://pos@db/pos', '--data-dir', dataDir]);
    t.equal(wrong.code, 1);
    t.match(wrong.stderr, /--database must be a PostgreSQL URL/);
    const setup = await runPosInProcess(['setup', '--from', tempDir(t), '--database', 'postgres://pos@db/pos']);
    t.equal(setup.code, 1);
    t.match(setup.stderr, /pos setup --from works on the SQLite file/);
  },
);

if (!postgresInstalled()) {
  t.comment(`skipped: ${POSTGRES_MISSING}`);
} else {
  t.test('pos serve --database: an empty database is migrated, an order is sold and its ticket prints', async (t) => {
    const cluster = await testCluster();
    const name = `pos_e2e_${process.pid}`;
    await cluster.admin(`create database ${name}`);
    const url = cluster.url(name).replace('postgres@', 'postgres:not-shown@'); // trust ignores the password
    const dataDir = tempDir(t);
    const kitchen = await startEmulatorProcess(t, join(tempDir(t), 'kitchen'));
    const server = await startRealServer(t, dataDir, ['--database', url, '--printer-probe', '200']);
    t.match(server.output(), /database\s+PostgreSQL postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:\d+\/pos_e2e_/);
    t.notMatch(server.output(), /not-shown/, 'the password is never printed');

    const pos = posInProcess(t, dataDir);
    await pos(['printers', 'add', '--name', 'Cucina', '--ip', '127.0.0.1', '--port', String(kitchen.port)]);
    await pos(['categories', 'add', '--name', 'Pizze', '--printer', 'Cucina']);
    await pos(['foods', 'add', '--name', 'Margherita', '--price', '7.50', '--category', 'Pizze']);
    await pos(['registers', 'add', '--name', 'Cassa 1', '--printer', 'Cucina']);
    const foods = JSON.parse(await pos(['foods', 'list', '--json'])) as Array<{ id: string }>;
    const registers = JSON.parse(await pos(['registers', 'list', '--json'])) as Array<{ id: string }>;
    const token = (
      await runPosInProcess(['token', 'create', '--role', 'operator', '--data-dir', dataDir])
    ).stdout.trim();
    const response = await fetch(`${server.url}/v1/orders`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        table: '7',
        customer: 'Rossi',
        orderItems: [{ foodId: foods[0]?.id, quantity: 2 }],
        confirm: { paymentMethod: 'CASH', cashRegisterId: registers[0]?.id },
      }),
    });
    t.equal(response.status, 201);
    t.equal(((await response.json()) as { ticketNumber: number }).ticketNumber, 1);
    // The kitchen ticket and the register's receipt, both on the one printer.
    const tickets = await kitchen.waitForTickets(2, 60_000);
    t.equal(tickets.filter((ticket) => /2 x Margherita/.test(ticket)).length, 2);
    t.equal(tickets.filter((ticket) => /TOTAL\s+€ 15\.00/.test(ticket)).length, 1, 'one of them the receipt');

    // pos token revoke writes into the server's database: the server refuses the token from then on.
    const revoked = await runPosInProcess(['token', 'revoke', token, '--database', url, '--data-dir', dataDir]);
    t.equal(revoked.code, 0, revoked.stderr);
    const refused = await fetch(`${server.url}/v1/orders`, { headers: { authorization: `Bearer ${token}` } });
    t.equal(refused.status, 401, 'a revoked token is refused');

    const migrated = await runPosInProcess(['migrate', '--data-dir', dataDir], { env: { POS_DATABASE_URL: url } });
    t.equal(migrated.code, 0, migrated.stderr);
    t.match(migrated.stdout, /the database is up to date/);

    // pos backup takes a pg_dump of the database; pos restore leaves PostgreSQL to pg_restore.
    const dump = join(tempDir(t), 'copy.dump');
    const backup = await runPosInProcess(['backup', dump, '--database', url, '--data-dir', dataDir]);
    t.equal(backup.code, 0, backup.stderr);
    t.match(backup.stdout, /backup written: .*copy\.dump .*pg_restore/);
    t.equal(statSync(dump).mode & 0o777, 0o600, 'the dump is private');
    const listing = execFileSync(join(PG_BIN, 'pg_restore'), ['--list', dump], { encoding: 'utf8' });
    t.match(listing, /TABLE DATA public orders/);
    const restore = await runPosInProcess(['restore', dump, '--yes', '--database', url, '--data-dir', dataDir]);
    t.equal(restore.code, 1, 'pos restore refuses on PostgreSQL');
    t.match(restore.stderr, /not on a PostgreSQL database/);
    t.equal(await server.stop(), 0, 'stops cleanly');
  });

  t.test('pos migrate --database with no server there: a clear refusal, exit 1', async (t) => {
    const result = await runPosInProcess([
      'migrate',
      '--database',
      'postgres://pos:secret@127.0.0.1:1/pos',
      '--data-dir',
      tempDir(t),
    ]);
    t.equal(result.code, 1);
    t.match(result.stderr, /cannot reach the PostgreSQL database postgres:\/\/pos:\*\*\*@127\.0\.0\.1:1\/pos/);
  });
}
