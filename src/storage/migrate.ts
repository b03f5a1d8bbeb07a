import { type Migration, sql } from 'kysely';
import { migrations as allMigrations } from '../../migrations/index.js';
import { type Storage, transaction } from './database.js';

export interface MigrationResult {
  applied: string[];
  current: string | null;
}

/**
 * Applies every pending migration in name order, each in its own transaction together with its bookkeeping row,
 * so a crash leaves the schema either before or after a migration, never in between.
 */
export async function migrate(
  storage: Pick<Storage, 'db' | 'sqlite'>,
  migrations: Record<string, Migration> = allMigrations,
): Promise<MigrationResult> {
  await sql`create table if not exists schema_migrations (name text primary key, applied_at integer not null)`.execute(
    storage.db,
  );
  const done = await sql<{ name: string }>`select name from schema_migrations`.execute(storage.db);
  const appliedBefore = new Set(done.rows.map((row) => row.name));
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
    await transaction(storage, async (trx) => {
      await migration.up(trx);
      await sql`insert into schema_migrations (name, applied_at) values (${name}, ${Date.now()})`.execute(trx);
    });
    applied.push(name);
  }
  return { applied, current: names.at(-1) ?? null };
}
