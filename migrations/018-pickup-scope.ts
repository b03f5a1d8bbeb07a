import { type Kysely, sql } from 'kysely';
import { isPostgres } from './dialect.js';

// Device keys get the `pickup` scope (the pickup counter's tablet: it reads the ready orders and hands them out).
// SQLite cannot change a CHECK constraint, so `api_keys` is rebuilt from its own definition as the database has it,
// with only the scope's list widened: whatever columns and indexes earlier migrations gave it are kept. Dropping the
// old table would cascade to the rows that refer to a key (the keys' stream positions: foreign keys are on inside
// the migration's transaction), so those tables are copied aside and put back as they were.

const OLD_SCOPES = "scope in ('printer', 'display', 'kitchen')";
const NEW_SCOPES = "scope in ('printer', 'display', 'kitchen', 'pickup')";

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return widenOnPostgres(db);
  const schema = await sql<{ type: string; name: string; tbl_name: string; sql: string | null }>`
    select type, name, tbl_name, sql from sqlite_master where type in ('table', 'index')`.execute(db);
  const table = schema.rows.find((row) => row.type === 'table' && row.name === 'api_keys');
  if (!table?.sql?.includes(OLD_SCOPES)) throw new Error('api_keys has no scope check to widen');
  const indexes = schema.rows.filter((row) => row.type === 'index' && row.tbl_name === 'api_keys' && row.sql);
  const referring = schema.rows.filter(
    (row) => row.type === 'table' && row.name !== 'api_keys' && /references\s+"?api_keys"?/i.test(row.sql ?? ''),
  );

  const definition = table.sql
    .replace(/^create table\s+"?api_keys"?/i, 'create table "api_keys_018"')
    .replace(OLD_SCOPES, NEW_SCOPES);
  await sql.raw(definition).execute(db);
  await sql`insert into api_keys_018 select * from api_keys`.execute(db);
  for (const other of referring) {
    await sql.raw(`create temp table "${other.name}_018" as select * from "${other.name}"`).execute(db);
  }
  await sql`drop table api_keys`.execute(db);
  await sql`alter table api_keys_018 rename to api_keys`.execute(db);
  for (const index of indexes) await sql.raw(index.sql as string).execute(db);
  for (const other of referring) {
    await sql.raw(`delete from "${other.name}"`).execute(db);
    await sql.raw(`insert into "${other.name}" select * from temp."${other.name}_018"`).execute(db);
    await sql.raw(`drop table temp."${other.name}_018"`).execute(db);
  }
}

/** PostgreSQL changes a CHECK constraint in place: the old one is dropped and the wider one added. */
async function widenOnPostgres(db: Kysely<unknown>): Promise<void> {
  const checks = await sql<{ name: string }>`
    select conname as name from pg_constraint
    where conrelid = 'api_keys'::regclass and contype = 'c' and pg_get_constraintdef(oid) like '%scope%'`.execute(db);
  if (checks.rows.length !== 1) throw new Error('api_keys has no scope check to widen');
  await sql`alter table api_keys drop constraint ${sql.id((checks.rows[0] as { name: string }).name)}`.execute(db);
  await sql`alter table api_keys add constraint api_keys_scope_check check (${sql.raw(NEW_SCOPES)})`.execute(db);
}
