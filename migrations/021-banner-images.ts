import type { Kysely } from 'kysely';
import { isPostgres } from './dialect.js';

// Banner images in the database. On SQLite they stay files of the data dir's uploads folder (this table is left
// empty there); on PostgreSQL several servers serve the same banners, so the image travels with the database.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('banner_images')
    .addColumn('file', 'text', (c) => c.primaryKey())
    .addColumn('bytes', isPostgres(db) ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .execute();
}
