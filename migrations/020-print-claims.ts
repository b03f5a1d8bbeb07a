import type { Kysely } from 'kysely';

// Several servers may share one PostgreSQL database, and one of them at a time sends the print jobs (docs/operations.md,
// "Several instances"). The sender marks the jobs it takes with its own name (`claimed_by`), and a job is marked
// printed or queued again only by the sender that took it: one that lost its turn without knowing it cannot undo
// what the new sender did. Which sender's turn it is lives in `settings` (key `print-claimant`).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('print_jobs').addColumn('claimed_by', 'text').execute();
}
