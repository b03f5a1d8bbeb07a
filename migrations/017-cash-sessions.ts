import { type Kysely, sql } from 'kysely';

// Cash sessions: a drawer's shift on one register, from the float put in to the count at the handover
// (docs/reports.md). A session counts the orders of its register confirmed in [opened_at, closed_at); only one is
// open per register at a time (the partial unique index), so windows never overlap. At the close the figures are
// kept as the handover slip printed them, so a later cancellation does not rewrite a signed slip. `denominations`
// is the count by coin and note as JSON ({"20": 5, "0.5": 3}: euro value to how many), or null.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('cash_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('cash_register_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('user_name', 'text', (c) => c.notNull())
    .addColumn('float_cents', 'integer', (c) => c.notNull())
    .addColumn('opened_at', 'integer', (c) => c.notNull())
    .addColumn('closed_at', 'integer')
    .addColumn('closed_by', 'text')
    .addColumn('closed_by_name', 'text')
    .addColumn('counted_cents', 'integer')
    .addColumn('denominations', 'text')
    .addColumn('card_terminal_cents', 'integer')
    .addColumn('note', 'text')
    .addColumn('orders', 'integer')
    .addColumn('cash_sales_cents', 'integer')
    .addColumn('card_sales_cents', 'integer')
    .addColumn('cash_refunds_cents', 'integer')
    .addColumn('card_refunds_cents', 'integer')
    .execute();
  await sql`create unique index cash_sessions_one_open on cash_sessions (cash_register_id) where closed_at is null`.execute(
    db,
  );
  await db.schema
    .createIndex('cash_sessions_register')
    .on('cash_sessions')
    .columns(['cash_register_id', 'opened_at'])
    .execute();
  await db.schema.createIndex('cash_sessions_opened').on('cash_sessions').column('opened_at').execute();
}
