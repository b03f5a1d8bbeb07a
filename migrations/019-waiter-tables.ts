import type { Kysely } from 'kysely';

// Waiter tables (docs/waiter.md): with the venue's `waiterTables` on, a table-service order confirmed with the
// placeholder table `-` waits here for a waiter to seat it. Until then its kitchen tickets are not queued and it
// waits at no kitchen station; the PATCH that sets its table deletes the row and sends them, in one transaction.
// A row, not a column of `orders`: an order leaves the waiting list by a delete, and the list is the table.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('order_awaiting_table')
    .addColumn('order_id', 'integer', (c) => c.primaryKey().references('orders.id').onDelete('cascade'))
    .addColumn('since', 'integer', (c) => c.notNull())
    .execute();
}
