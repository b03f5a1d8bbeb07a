import { type Kysely, sql } from 'kysely';

// The venue's own settings, changed from the console (`PATCH /v1/venue`): its name, the lines printed at the top
// and bottom of every receipt (JSON arrays of strings), and how it serves. One row (id 1), written on the first
// change; until then the defaults apply. `ask_table` null means "as `pos serve` says" (`--no-tables`), so a fresh
// venue keeps following the flag until someone sets it.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('venue')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('receipt_header', 'text', (c) => c.notNull())
    .addColumn('receipt_footer', 'text', (c) => c.notNull())
    .addColumn('ask_table', 'integer', (c) => c.check(sql`ask_table in (0, 1)`))
    .addColumn('waiter_tables', 'integer', (c) => c.notNull().check(sql`waiter_tables in (0, 1)`))
    .addColumn('pickup_after_minutes', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'integer', (c) => c.notNull())
    .execute();
}
