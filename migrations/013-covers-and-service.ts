import { type Kysely, sql } from 'kysely';

// Covers (coperto) and service (asporto). `orders.covers` is how many people sit at the table (0 when not asked) and
// `orders.service` whether they eat here (TABLE) or take the food away (TAKEAWAY). `foods.role` marks the one food
// that prices a cover and the one that prices the takeaway fee (at most one food per role: a unique index that
// ignores the many foods without one). `order_items.role` keeps the role the line's food had when it was sold, as
// the line keeps the food's name: the kitchen never gets those lines, whatever the menu becomes later. The hourly
// report snapshots gain the covers and the takeaway orders and revenue of their hour (0 for the hours written before,
// when no order had either).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('covers', 'integer', (c) => c.notNull().defaultTo(0).check(sql`covers between 0 and 99`))
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('service', 'text', (c) => c.notNull().defaultTo('TABLE').check(sql`service in ('TABLE', 'TAKEAWAY')`))
    .execute();
  await db.schema
    .alterTable('foods')
    .addColumn('role', 'text', (c) => c.check(sql`role in ('COVER', 'TAKEAWAY_FEE')`))
    .execute();
  await sql`create unique index foods_role on foods (role) where role is not null`.execute(db);
  await db.schema
    .alterTable('order_items')
    .addColumn('role', 'text', (c) => c.check(sql`role in ('COVER', 'TAKEAWAY_FEE')`))
    .execute();
  for (const column of ['covers', 'takeaway_orders', 'takeaway_cents']) {
    await db.schema
      .alterTable('snapshot_hours')
      .addColumn(column, 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  }
}
