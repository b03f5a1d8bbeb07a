import { type Kysely, sql } from 'kysely';

// The print queue (the printer worker's outbox) and the saved reports: hourly snapshots and closures.

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

  await db.schema
    .createTable('reports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('snapshot', 'closure')`))
    .addColumn('period_start', 'integer', (c) => c.notNull())
    .addColumn('period_end', 'integer', (c) => c.notNull())
    .addColumn('cash_register_id', 'text')
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('reports_snapshot_period')
    .on('reports')
    .column('period_start')
    .unique()
    .where(sql.ref('kind'), '=', 'snapshot')
    .execute();
}
