import { type Kysely, sql } from 'kysely';

// Orders, the durable event log (the outbox the SSE hub reads), idempotency records and ticket counters.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('orders')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('display_code', 'text', (c) => c.notNull())
    .addColumn('code_day', 'text', (c) => c.notNull())
    .addColumn('table_name', 'text', (c) => c.notNull())
    .addColumn('customer', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('PENDING', 'CONFIRMED', 'COMPLETED', 'PICKED_UP')`),
    )
    .addColumn('ticket_number', 'integer')
    .addColumn('ticket_day', 'text')
    .addColumn('payment_method', 'text', (c) => c.check(sql`payment_method in ('CASH', 'CARD')`))
    .addColumn('subtotal_cents', 'integer', (c) => c.notNull())
    .addColumn('discount_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('surcharge_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total_cents', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('cash_register_id', 'text')
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'integer', (c) => c.notNull())
    .addColumn('confirmed_at', 'integer')
    .addColumn('completed_at', 'integer')
    .execute();
  await db.schema.createIndex('orders_created_at').on('orders').column('created_at').execute();
  await db.schema.createIndex('orders_confirmed_at').on('orders').column('confirmed_at').execute();
  await db.schema.createIndex('orders_completed_at').on('orders').column('completed_at').execute();
  await db.schema.createIndex('orders_status').on('orders').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('orders_display_code').on('orders').columns(['display_code', 'code_day']).execute();
  // The database itself refuses two equal ticket numbers in one ticket day.
  await db.schema
    .createIndex('orders_ticket_unique')
    .on('orders')
    .columns(['ticket_day', 'ticket_number'])
    .unique()
    .where(sql.ref('ticket_number'), 'is not', null)
    .execute();

  await db.schema
    .createTable('order_items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    // Plain copies, not foreign keys: deleting a food or a category never alters past order lines.
    .addColumn('food_id', 'text', (c) => c.notNull())
    .addColumn('food_name', 'text', (c) => c.notNull())
    .addColumn('food_description', 'text', (c) => c.notNull())
    .addColumn('category_id', 'text', (c) => c.notNull())
    .addColumn('category_name', 'text', (c) => c.notNull())
    .addColumn('category_position', 'integer', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity between 1 and 999`))
    .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('unit_price_cents', 'integer', (c) => c.notNull())
    .addColumn('surcharge_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total_cents', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_items_order').on('order_items').columns(['order_id', 'position']).execute();

  await db.schema
    .createTable('ticket_counters')
    .addColumn('ticket_day', 'text', (c) => c.primaryKey())
    .addColumn('last_number', 'integer', (c) => c.notNull())
    .execute();

  // The outbox of the event stream: written in the same transaction as the change that causes the event.
  await db.schema
    .createTable('events')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in ('cashier', 'display', 'printer')`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('events_channel').on('events').columns(['channel', 'id']).execute();
  await db.schema.createIndex('events_created_at').on('events').column('created_at').execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('principal', 'text', (c) => c.notNull())
    .addColumn('endpoint', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer', (c) => c.notNull())
    .addColumn('response_body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['principal', 'endpoint', 'key'])
    .execute();
  await db.schema.createIndex('idempotency_keys_created_at').on('idempotency_keys').column('created_at').execute();
}
