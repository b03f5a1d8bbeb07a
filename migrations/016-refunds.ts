import { type Kysely, sql } from 'kysely';

// Money given back, and why an order was discounted (docs/reports.md, "Refunds and cancellations").
// - `refunds`: one row per refund of some units of a confirmed order: the amount in cents, the method, who, the
//   register whose drawer paid it, when. A refund belongs to its order: a cancellation of the order later takes it
//   along (the sale and what was given back of it both leave), so it cascades.
// - `refund_items`: which lines and how many units; `order_items.refunded_quantity` is their running total.
// - `cancellations`: what was paid back when a confirmed order was deleted. Information for the treasurer, not a
//   refund: the sale left with the order. Plain copies (no foreign keys), since the order is gone.
// - `orders.discount_reason`: the reason given with a discount at confirmation (null: none given).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('discount_reason', 'text').execute();
  await db.schema
    .alterTable('order_items')
    .addColumn('refunded_quantity', 'integer', (c) => c.notNull().defaultTo(0).check(sql`refunded_quantity >= 0`))
    .execute();
  await db.schema
    .createTable('refunds')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount >= 0`))
    .addColumn('method', 'text', (c) => c.notNull().check(sql`method in ('CASH', 'CARD')`))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('cash_register_id', 'text')
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('refunds_order').on('refunds').column('order_id').execute();
  await db.schema.createIndex('refunds_created_at').on('refunds').column('created_at').execute();
  await db.schema
    .createTable('refund_items')
    .addColumn('refund_id', 'text', (c) => c.notNull().references('refunds.id').onDelete('cascade'))
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('refund_items_pk', ['refund_id', 'item_id'])
    .execute();
  await db.schema
    .createTable('cancellations')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .addColumn('ticket_number', 'integer')
    .addColumn('display_code', 'text', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('refunded', 'integer', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount >= 0`))
    .addColumn('method', 'text', (c) => c.check(sql`method in ('CASH', 'CARD')`))
    .addColumn('user_id', 'text')
    .addColumn('cash_register_id', 'text')
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('cancellations_created_at').on('cancellations').column('created_at').execute();
  // The discounts of a report window: only discounted orders, by confirmation time.
  await sql`create index orders_discounted on orders (confirmed_at) where discount_cents > 0`.execute(db);
}
