import { type Kysely, sql } from 'kysely';

// Kitchen stations (docs/api.md). A station is a printer that gets kitchen tickets; a confirmed
// order waits at each station its items route to (`order_stations`), and `order_station_items` keeps which of its
// items each station got, fixed at confirmation like the tickets (a later change of a food's printer does not move
// an order already in the kitchen). `done_at` is when the station itself marked its part done; it is null for a
// part done because a person completed or cancelled the order (so the station's "done" list does not show it, and
// moving the order back to CONFIRMED brings it back).
// Printers get `kitchen_tickets` (1: print kitchen tickets, the default; 0: the station has a screen instead), and
// device keys the `kitchen` scope: SQLite cannot change a CHECK constraint, so `api_keys` is rebuilt.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('printers')
    .addColumn('kitchen_tickets', 'integer', (c) => c.notNull().defaultTo(1).check(sql`kitchen_tickets in (0, 1)`))
    .execute();

  await db.schema
    .createTable('api_keys_008')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull().check(sql`scope in ('printer', 'display', 'kitchen')`))
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addColumn('last_used_at', 'integer')
    .execute();
  await sql`insert into api_keys_008 (id, name, scope, key_hash, created_at, last_used_at)
            select id, name, scope, key_hash, created_at, last_used_at from api_keys`.execute(db);
  await db.schema.dropTable('api_keys').execute();
  await db.schema.alterTable('api_keys_008').renameTo('api_keys').execute();

  await db.schema
    .createTable('order_stations')
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('printer_id', 'text', (c) => c.notNull().references('printers.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('WAITING', 'DONE')`))
    .addColumn('done_at', 'integer')
    .addPrimaryKeyConstraint('order_stations_pk', ['order_id', 'printer_id'])
    .execute();
  // A station's screen asks for its waiting orders and its recently done ones; deleting a printer cascades here.
  await db.schema
    .createIndex('order_stations_station')
    .on('order_stations')
    .columns(['printer_id', 'status', 'done_at'])
    .execute();

  await db.schema
    .createTable('order_station_items')
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .addColumn('printer_id', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('order_station_items_pk', ['order_id', 'printer_id', 'item_id'])
    .addForeignKeyConstraint(
      'order_station_items_station',
      ['order_id', 'printer_id'],
      'order_stations',
      ['order_id', 'printer_id'],
      (c) => c.onDelete('cascade'),
    )
    .execute();
}
