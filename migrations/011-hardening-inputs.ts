import { type Kysely, sql } from 'kysely';

// `orders.ever_completed`: 1 once an order has reached COMPLETED or PICKED_UP, and never cleared. `completed_at` is
// cleared when an order is moved back to PENDING or CONFIRMED, but its food was cooked (and maybe eaten) all the
// same: a later cancellation must not give its portions back. Orders completed before this column existed are
// recognised by their `completed_at`.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('ever_completed', 'integer', (c) => c.notNull().defaultTo(0).check(sql`ever_completed between 0 and 1`))
    .execute();
  await sql`update orders set ever_completed = 1 where completed_at is not null`.execute(db);
}
