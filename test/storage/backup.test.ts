import t from 'tap';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  backupDatabase,
  backupFileName,
  checkBackup,
  listBackups,
  restoreDatabase,
  rotateBackups,
} from '../../src/storage/backup.js';
import { openStorage } from '../../src/storage/database.js';
import { resolveDataDir } from '../../src/storage/data-dir.js';
import { migrate } from '../../src/storage/migrate.js';
import { startBackups } from '../../src/server/backups.js';
import { tempDir } from '../helpers/app.js';
import { waitFor } from '../helpers/wait.js';

async function storageWithOrders(t: Parameters<typeof tempDir>[0], dir = tempDir(t)) {
  const storage = openStorage(join(dir, 'pos.db'));
  t.teardown(() => storage.close());
  await migrate(storage);
  return storage;
}

const order = (i: number) => ({
  display_code: 'AAA',
  code_day: 'd',
  table_name: String(i),
  customer: 'c'.repeat(200),
  status: 'PENDING' as const,
  subtotal_cents: i,
  discount_cents: 0,
  surcharge_cents: 0,
  total_cents: i,
  created_at: i,
  updated_at: i,
});

t.test('an online backup taken while writes go on is consistent and complete up to its end', async (t) => {
  const storage = await storageWithOrders(t);
  for (let i = 0; i < 2000; i++) await storage.writer.run((trx) => trx.insertInto('orders').values(order(i)).execute());
  let writing = true;
  let written = 0;
  const writer = (async () => {
    while (writing) {
      await storage.writer.run((trx) =>
        trx
          .insertInto('orders')
          .values(order(10_000 + written))
          .execute(),
      );
      written++;
      await new Promise((resolve) => setImmediate(resolve));
    }
  })();
  const target = join(tempDir(t), 'copy.db');
  let steps = 0;
  const result = await backupDatabase(storage.sqlite, target, { pagesPerStep: 5, onProgress: () => steps++ });
  const countAtEnd = 2000 + written;
  writing = false;
  await writer;
  t.ok(steps > 3, 'copied in several steps between writes');
  t.ok(written > 0, 'writes went on during the backup');
  const check = checkBackup(result.file);
  t.same(check.ok, true);
  t.equal(check.orders, countAtEnd, 'writes made through the same connection are in the copy');
  t.notOk(existsSync(`${target}.partial`));
});

t.test('checkBackup refuses what is not a pos database', async (t) => {
  const dir = tempDir(t);
  writeFileSync(join(dir, 'junk.db'), 'not sqlite at all');
  t.match(checkBackup(join(dir, 'junk.db')), { ok: false, problem: /cannot read it as a database|not a database/ });
  t.match(checkBackup(join(dir, 'missing.db')), { ok: false, problem: /does not exist/ });
  const other = openStorage(join(dir, 'other.db'));
  other.sqlite.exec('create table x (a)');
  await other.close();
  t.match(checkBackup(join(dir, 'other.db')), { ok: false, problem: /not a pos database/ });
});

t.test('restore keeps the replaced database aside', async (t) => {
  const source = await storageWithOrders(t);
  await source.writer.run((trx) => trx.insertInto('orders').values(order(1)).execute());
  const backupFile = join(tempDir(t), 'backup.db');
  await backupDatabase(source.sqlite, backupFile);
  const dataDir = tempDir(t);
  const target = openStorage(join(dataDir, 'pos.db'));
  await migrate(target);
  await target.close();
  const { previous } = restoreDatabase(resolveDataDir(dataDir), backupFile, new Date('2026-11-21T20:00:00.000Z'));
  t.match(previous, /pos\.db\.before-restore-2026-11-21T20-00-00-000Z$/);
  t.equal(checkBackup(join(dataDir, 'pos.db')).orders, 1);
  t.equal(checkBackup(previous as string).orders, 0);
  t.throws(() => restoreDatabase(resolveDataDir(dataDir), join(dataDir, 'nope.db')), /does not exist/);
});

t.test('rotating backups keep the newest files', async (t) => {
  const dir = tempDir(t);
  const names = ['2026-11-21T18:00:00.000Z', '2026-11-21T18:10:00.000Z', '2026-11-21T18:20:00.000Z'].map((iso) =>
    backupFileName(new Date(iso)),
  );
  for (const name of names) writeFileSync(join(dir, name), '');
  writeFileSync(join(dir, 'notes.txt'), 'keep me');
  t.same(rotateBackups(dir, 2), [names[0]]);
  t.same(readdirSync(dir).sort(), [names[1], names[2], 'notes.txt'].sort());

  const storage = await storageWithOrders(t);
  const backups = join(tempDir(t), 'usb');
  mkdirSync(backups);
  const done: string[] = [];
  const stop = startBackups(
    storage,
    { everyMs: 50, dir: backups, keep: 2 },
    { done: (file) => done.push(file), failed: (error) => t.fail(String(error)) },
  );
  await waitFor('four scheduled backups', () => done.length >= 4, { intervalMs: 20 });
  await stop();
  t.pass('backups were written on schedule');
  t.equal(listBackups(backups).length, 2, 'only the newest 2 are kept');
  for (const file of listBackups(backups)) t.equal(checkBackup(file).ok, true);
});

t.test(
  'rotating backups are named by the venue’s clock, and kept in time order across the clocks going back',
  async (t) => {
    t.equal(
      backupFileName(new Date('2026-11-21T20:04:05.123Z'), 'Europe/Rome'),
      'pos-2026-11-21T21-04-05-123+0100.db',
      'winter',
    );
    t.equal(
      backupFileName(new Date('2026-07-18T20:04:05.000Z'), 'Europe/Rome'),
      'pos-2026-07-18T22-04-05-000+0200.db',
      'summer',
    );
    t.equal(backupFileName(new Date('2026-11-21T20:04:05.123Z')), 'pos-2026-11-21T20-04-05-123Z.db', 'UTC as before');
    const dir = tempDir(t);
    // 25 October 2026 in Rome: 03:00 summer time becomes 02:00 winter time, so 02:30 comes before 02:10.
    const instants = [
      '2026-10-24T23:50:00.000Z',
      '2026-10-25T00:30:00.000Z',
      '2026-10-25T01:10:00.000Z',
      '2026-10-25T01:40:00.000Z',
    ];
    const names = instants.map((iso) => backupFileName(new Date(iso), 'Europe/Rome'));
    t.same(
      names.map((name) => name.slice(15, 20)),
      ['01-50', '02-30', '02-10', '02-40'],
      'wall-clock times repeat',
    );
    const older = backupFileName(new Date('2026-10-24T20:00:00.000Z')); // written by an earlier version, in UTC
    for (const name of [...names, older]) writeFileSync(join(dir, name), '');
    t.same(
      listBackups(dir).map((file) => file.split('/').pop()),
      [older, ...names],
      'oldest first, by the instant',
    );
    t.same(rotateBackups(dir, 2), [older, names[0], names[1]], 'the oldest go, whatever their spelling');
  },
);
