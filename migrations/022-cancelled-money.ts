import { type Kysely, sql } from 'kysely';

// What a cancellation did to the drawers. A drawer counts money as it moved: the sale of an order cancelled later
// came in through the drawer open at its confirmation, its refunds went out of theirs, and what the cancellation
// paid back went out of the drawer open at the order's register when it was cancelled.
// - `cancellations.confirmed_at`: when the cancelled order was confirmed (its sale's drawer). Null for the
//   cancellations recorded before this migration: those keep leaving the drawers as they did.
// - `cancelled_refunds`: the refunds a cancelled order had, which leave the reports with it (the sale never
//   happened) but not the drawers that paid them.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('cancellations').addColumn('confirmed_at', 'integer').execute();
  await db.schema
    .createTable('cancelled_refunds')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('cancellation_id', 'integer', (c) => c.notNull().references('cancellations.id').onDelete('cascade'))
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull().check(sql`method in ('CASH', 'CARD')`))
    .addColumn('cash_register_id', 'text')
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('cancelled_refunds_created_at').on('cancelled_refunds').column('created_at').execute();
  await db.schema.createIndex('cancellations_confirmed_at').on('cancellations').column('confirmed_at').execute();
}
