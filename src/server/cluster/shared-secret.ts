import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { Storage } from '../../storage/database.js';
import { type DataDir, loadOrCreateSecret } from '../../storage/data-dir.js';

/** The settings row of the token secret on PostgreSQL. */
const SECRET_KEY = 'token-secret';

/**
 * The secret that signs the tokens. On SQLite it is the data dir's `secret.key`. On PostgreSQL every instance on the
 * database must verify the tokens any of them issued, so the secret lives in the database (created by the first
 * instance that starts, a settings row) and each instance keeps a copy in its data dir's `secret.key` (0600), from
 * which the CLI on that machine signs its local token as it does on SQLite.
 */
export async function tokenSecret(storage: Storage, dataDir: DataDir): Promise<Uint8Array> {
  if (storage.engine !== 'postgres') return loadOrCreateSecret(dataDir);
  const text = await storage.writer.run(async (trx) => {
    await trx
      .insertInto('settings')
      .values({ key: SECRET_KEY, value: randomBytes(32).toString('base64') })
      .onConflict((conflict) => conflict.column('key').doNothing())
      .execute();
    const row = await trx
      .selectFrom('settings')
      .select('value')
      .where('key', '=', SECRET_KEY)
      .executeTakeFirstOrThrow();
    return row.value;
  });
  if (!existsSync(dataDir.secret) || readFileSync(dataDir.secret, 'utf8').trim() !== text) {
    writeFileSync(`${dataDir.secret}.partial`, text, { mode: 0o600 });
    renameSync(`${dataDir.secret}.partial`, dataDir.secret);
  }
  return loadOrCreateSecret(dataDir);
}
