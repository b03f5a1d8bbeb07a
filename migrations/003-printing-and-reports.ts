import { type Kysely, sql } from 'kysely';

// The print queue (the printer worker's outbox), saved closure reports and the hourly report snapshots.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('print_jobs')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    // null when nothing routes the job anywhere: kept and shown, never dropped.
    .addColumn('printer_id', 'text')
    .addColumn('kind', 'text', (c) =>
      c.notNull().check(sql`kind in ('kitchen', 'receipt', 'reprint-kitchen', 'reprint-receipt', 'closure', 'test')`),
    )
    .addColumn('order_id', 'integer')
    .addColumn('report_id', 'text')
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('queued', 'printing', 'printed', 'failed', 'unroutable')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('next_attempt_at', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'integer', (c) => c.notNull())
    .addColumn('printed_at', 'integer')
    .execute();
  await db.schema.createIndex('print_jobs_queue').on('print_jobs').columns(['printer_id', 'status', 'id']).execute();
  await db.schema.createIndex('print_jobs_order').on('print_jobs').column('order_id').execute();

  // Saved reports: general closures, kept with their full figures (GET /v1/reports/{id}).
  await db.schema
    .createTable('reports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('closure')`))
    .addColumn('period_start', 'integer', (c) => c.notNull())
    .addColumn('period_end', 'integer', (c) => c.notNull())
    .addColumn('cash_register_id', 'text')
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('reports_created_at').on('reports').columns(['kind', 'created_at']).execute();

  // Hourly snapshots, one row per venue-time hour with activity, plus breakdowns. Everything before the watermark
  // (settings.snapshots_through) is covered; reports sum these rows and add live figures after the watermark.
  await db.schema
    .createTable('snapshot_hours')
    .addColumn('hour_start', 'integer', (c) => c.primaryKey())
    .addColumn('hour_end', 'integer', (c) => c.notNull())
    .addColumn('orders', 'integer', (c) => c.notNull())
    .addColumn('revenue_cents', 'integer', (c) => c.notNull())
    .addColumn('cash_cents', 'integer', (c) => c.notNull())
    .addColumn('card_cents', 'integer', (c) => c.notNull())
    .addColumn('completed_orders', 'integer', (c) => c.notNull())
    .addColumn('completion_ms', 'integer', (c) => c.notNull())
    .addColumn('written_at', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('snapshot_foods')
    .addColumn('hour_start', 'integer', (c) => c.notNull().references('snapshot_hours.hour_start').onDelete('cascade'))
    .addColumn('category_id', 'text', (c) => c.notNull())
    .addColumn('category_name', 'text', (c) => c.notNull())
    .addColumn('category_position', 'integer', (c) => c.notNull())
    .addColumn('food_id', 'text', (c) => c.notNull())
    .addColumn('food_name', 'text', (c) => c.notNull())
    .addColumn('revenue_cents', 'integer', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('snapshot_foods_pk', ['hour_start', 'category_id', 'food_id'])
    .execute();
  await db.schema
    .createTable('snapshot_registers')
    .addColumn('hour_start', 'integer', (c) => c.notNull().references('snapshot_hours.hour_start').onDelete('cascade'))
    .addColumn('cash_register_id', 'text', (c) => c.notNull())
    .addColumn('revenue_cents', 'integer', (c) => c.notNull())
    .addColumn('cash_cents', 'integer', (c) => c.notNull())
    .addColumn('card_cents', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('snapshot_registers_pk', ['hour_start', 'cash_register_id'])
    .execute();
}
