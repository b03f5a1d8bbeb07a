import type { Kysely } from 'kysely';

// A token is refused once its user's password or role changed after it was issued (docs/api.md, "Authentication"). Each
// such change bumps the user's credentials version; a token carries the version it was issued under (`cv`), so the
// check is exact, with no clock comparison at second granularity. Tokens issued before this migration carry none
// and count as version 0, which every existing user has.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('credentials_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
