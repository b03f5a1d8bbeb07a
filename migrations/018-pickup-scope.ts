import { type Kysely, sql } from 'kysely';

// Device keys get the `pickup` scope (the pickup counter's tablet: it reads the ready orders and hands them over).
// SQLite cannot change a CHECK constraint, so `api_keys` is rebuilt. Dropping it would cascade to the keys' stream
// positions (foreign keys are on inside the migration's transaction), so those are kept aside and put back.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('api_keys_018')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull().check(sql`scope in ('printer', 'display', 'kitchen', 'pickup')`))
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addColumn('last_used_at', 'integer')
    .addColumn('printer_id', 'text')
    .execute();
  await sql`insert into api_keys_018 (id, name, scope, key_hash, created_at, last_used_at, printer_id)
            select id, name, scope, key_hash, created_at, last_used_at, printer_id from api_keys`.execute(db);
  await sql`create temp table stream_positions_018 as select * from stream_positions`.execute(db);
  await db.schema.dropTable('api_keys').execute();
  await db.schema.alterTable('api_keys_018').renameTo('api_keys').execute();
  await sql`insert into stream_positions (key_id, channel, last_event_id, updated_at)
            select key_id, channel, last_event_id, updated_at from stream_positions_018`.execute(db);
  await sql`drop table temp.stream_positions_018`.execute(db);
}
