import { type Kysely, sql } from 'kysely';

// Why a printer is in ERROR (an extension): the printer's answer to the status query says paper out,
// cover open or not ready for another reason, and the tills say so ("Cucina: out of paper") instead of "needs
// attention". Null when the printer is not in ERROR, or was set to ERROR by a person (PUT/PATCH).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('printers')
    .addColumn('status_reason', 'text', (c) => c.check(sql`status_reason in ('PAPER_OUT', 'COVER_OPEN', 'NOT_READY')`))
    .execute();
}
