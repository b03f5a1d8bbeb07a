import type { Kysely } from 'kysely';

// Device keys and their event streams.
// - `api_keys.printer_id`: a `kitchen` key may be tied to one station (the printer whose tickets it shows); null for
//   every other key and for a kitchen key that may see every station. No foreign key: a key tied to a printer that
//   is later deleted stays tied to nothing that exists, so it sees no station rather than all of them.
// - `stream_positions`: where each key's stream of each channel got to (the last event written to it), so that a
//   print service that reconnects without Last-Event-ID (after its own restart) resumes there instead of live.
//   Deleting the key deletes its positions.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('api_keys').addColumn('printer_id', 'text').execute();
  await db.schema
    .createTable('stream_positions')
    .addColumn('key_id', 'text', (c) => c.notNull().references('api_keys.id').onDelete('cascade'))
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('last_event_id', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('stream_positions_pk', ['key_id', 'channel'])
    .execute();
}
