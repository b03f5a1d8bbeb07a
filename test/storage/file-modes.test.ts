import BetterSqlite3 from 'better-sqlite3';
import { chmodSync, existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { startBackups } from '../../src/server/backups.js';
import { backupDatabase, checkBackup, restoreDatabase } from '../../src/storage/backup.js';
import { resolveDataDir } from '../../src/storage/data-dir.js';
import { buildTestApp, tempDir } from '../helpers/app.js';
import { PNG_1X1 } from '../helpers/multipart.js';

// Files (docs/operations.md, "The data dir"): the data dir and everything secret in it are private to the
// user, whatever the umask; an existing data dir is tightened at start; backups (and their folder) are private and
// stand alone (no -wal/-shm beside them); uploaded files are never run as a page.

const modeOf = (path: string) => statSync(path).mode & 0o777;

// The usual umask of a desktop or a Raspberry Pi: files 0644, folders 0755 unless the appliance says otherwise.
const previousUmask = process.umask(0o022);
t.teardown(() => process.umask(previousUmask));

t.test(
  'a new data dir: the folder 0700, the database and its -wal/-shm, the secret and the uploads folder private',
  async (t) => {
    const app = await buildTestApp(t);
    await app.request({ method: 'POST', url: '/v1/printers', body: { name: 'Cucina', ip: '127.0.0.1' } }); // a write: WAL in use
    const dir = resolveDataDir(app.dataDir);
    t.equal(modeOf(dir.root), 0o700, 'data dir');
    t.equal(modeOf(dir.uploads), 0o700, 'uploads');
    for (const file of [dir.database, `${dir.database}-wal`, `${dir.database}-shm`, dir.secret]) {
      t.ok(existsSync(file), `${file} exists`);
      t.equal(modeOf(file), 0o600, file);
    }
  },
);

t.test('an existing data dir left world-readable is tightened at start', async (t) => {
  const first = await buildTestApp(t);
  const dir = resolveDataDir(first.dataDir);
  await first.runtime.close();
  // As an older version (or a copy with cp -r) left it.
  for (const folder of [dir.root, dir.uploads]) chmodSync(folder, 0o755);
  for (const file of [dir.database, dir.secret]) chmodSync(file, 0o644);
  // The database was closed cleanly (its WAL folded in and removed); empty -wal/-shm as a crash can leave them.
  for (const suffix of ['-wal', '-shm']) {
    writeFileSync(`${dir.database}${suffix}`, '');
    chmodSync(`${dir.database}${suffix}`, 0o644);
  }
  const { createRuntime } = await import('../../src/server/runtime.js');
  const { defaultConfig } = await import('../../src/config.js');
  const again = await createRuntime(
    { ...defaultConfig(), timezone: 'Europe/Rome', logLevel: 'silent', dataDir: dir.root },
    { printerWorkers: false },
  );
  t.teardown(() => again.close());
  t.equal(modeOf(dir.root), 0o700, 'data dir');
  t.equal(modeOf(dir.uploads), 0o700, 'uploads');
  for (const file of [dir.database, `${dir.database}-wal`, `${dir.database}-shm`, dir.secret])
    t.equal(modeOf(file), 0o600, file);
});

t.test('backups are private and stand alone: no -wal/-shm beside the copy, even after it is checked', async (t) => {
  const app = await buildTestApp(t);
  await app.request({ method: 'POST', url: '/v1/printers', body: { name: 'Cucina', ip: '127.0.0.1' } });
  const backupDir = join(tempDir(t), 'usb', 'pos-backups');
  // As `pos backup` does it: its own connection to the live database, one step.
  const source = new BetterSqlite3(resolveDataDir(app.dataDir).database, { fileMustExist: true });
  t.teardown(() => source.close());
  const { file } = await backupDatabase(source, join(backupDir, 'saturday.db'), { pagesPerStep: 0x7fffffff });
  t.equal(checkBackup(file).ok, true);
  t.same(readdirSync(backupDir), ['saturday.db'], 'only the backup file, no -wal/-shm, no partial');
  t.equal(modeOf(file), 0o600, 'the backup');
  t.equal(modeOf(backupDir), 0o700, 'the folder it created');
  const reopened = new BetterSqlite3(file, { readonly: true });
  t.equal(reopened.prepare('select count(*) as n from printers').get() !== undefined, true);
  reopened.close();
  t.same(readdirSync(backupDir), ['saturday.db'], 'opening it elsewhere leaves nothing beside it either');

  // Scheduled backups: their folder is created 0700, or tightened.
  const scheduled = join(tempDir(t), 'scheduled');
  mkdirSync(scheduled, { mode: 0o755 });
  const stop = startBackups(
    app.runtime.storage,
    { everyMs: 3_600_000, dir: scheduled, keep: 3 },
    { done: () => {}, failed: (error) => t.fail(String(error)) },
  );
  await stop();
  t.equal(modeOf(scheduled), 0o700, 'the --backup-dir');

  // A restore puts a private database in place, whatever the mode of the backup it came from.
  chmodSync(file, 0o644);
  const target = await buildTestApp(t);
  const dir = resolveDataDir(target.dataDir);
  await target.runtime.close();
  restoreDatabase(dir, file);
  t.equal(modeOf(dir.database), 0o600, 'the restored database');
});

t.test('/uploads/* is never sniffed nor run: nosniff and a policy without script', async (t) => {
  const app = await buildTestApp(t);
  writeFileSync(join(resolveDataDir(app.dataDir).uploads, 'banner.png'), PNG_1X1);
  const response = await app.runtime.app.inject({ method: 'GET', url: '/uploads/banner.png' });
  t.equal(response.statusCode, 200);
  t.equal(response.headers['x-content-type-options'], 'nosniff');
  const policy = String(response.headers['content-security-policy']);
  t.match(policy, /default-src 'none'/, 'nothing loads or runs by default');
  t.notMatch(policy, /script-src/, 'no script is allowed anywhere');
  t.match(policy, /sandbox/, 'sandboxed if opened as a page');
});
