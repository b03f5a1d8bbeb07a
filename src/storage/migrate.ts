import { type Migration, sql } from 'kysely';
import { migrations as allMigrations } from '../../migrations/index.js';
import { postgresMigrations } from '../../migrations/dialect.js';
import { type Db, type Storage, transaction } from './database.js';

export interface MigrationResult {
  applied: string[];
  current: string | null;
}

type Migratable = Pick<Storage, 'db' | 'sqlite' | 'engine'>;

async function appliedNames(db: Db): Promise<Set<string>> {
  const done = await sql<{ name: string }>`select name from schema_migrations`.execute(db);
  return new Set(done.rows.map((row) => row.name));
}

/**
 * Applies every pending migration in name order, each in its own transaction together with its bookkeeping row,
 * so a crash leaves the schema either before or after a migration, never in between. On PostgreSQL each transaction
 * holds the write lock and looks again whether its migration is still pending: two instances starting together on
 * one database apply each migration once.
 */
export async function migrate(
  storage: Migratable,
  migrations: Record<string, Migration> = allMigrations,
): Promise<MigrationResult> {
  const postgres = storage.engine === 'postgres';
  await transaction(storage, async (trx) => {
    if (postgres) await sql`create extension if not exists citext`.execute(trx);
    await sql`create table if not exists schema_migrations (name text primary key, applied_at ${sql.raw(
      postgres ? 'bigint' : 'integer',
    )} not null)`.execute(trx);
  });
  const appliedBefore = await appliedNames(storage.db);
  const names = Object.keys(migrations).sort();
  const unknown = [...appliedBefore].filter((name) => !names.includes(name));
  if (unknown.length > 0) {
    throw new Error(
      `the database was migrated by a newer version of pos (unknown migrations: ${unknown.join(', ')}); ` +
        'upgrade pos before using this data dir',
    );
  }
  const applied: string[] = [];
  for (const name of names) {
    if (appliedBefore.has(name)) continue;
    const migration = migrations[name] as Migration;
    const ran = await transaction(storage, async (trx) => {
      if (postgres && (await appliedNames(trx)).has(name)) return false; // another instance was first
      await migration.up(postgres ? trx.withPlugin(postgresMigrations) : trx);
      await sql`insert into schema_migrations (name, applied_at) values (${name}, ${Date.now()})`.execute(trx);
      return true;
    });
    if (ran) applied.push(name);
  }
  return { applied, current: names.at(-1) ?? null };
}
