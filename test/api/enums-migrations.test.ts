import t from 'tap';
import { join } from 'node:path';
import * as enums from '../../src/api/enums.js';
import { openStorage } from '../../src/storage/database.js';
import { migrate } from '../../src/storage/migrate.js';
import { tempDir } from '../helpers/app.js';

// The enums are declared once, in src/api/enums.ts; the migrations (append-only, so never rewritten from it) must
// allow exactly the same values. Read back from a migrated database, so a new CHECK or a new value on either side
// fails here.

const EXPECTED: Record<string, readonly (string | number)[]> = {
  'users.role': enums.ROLES,
  'api_keys.scope': enums.KEY_SCOPES,
  'printers.status': enums.PRINTER_STATUSES,
  'printers.status_reason': enums.PRINTER_STATUS_REASONS,
  'printers.columns': enums.PRINTER_COLUMNS,
  'printers.kitchen_tickets': [0, 1],
  'banners.type': enums.BANNER_TYPES,
  'orders.status': enums.ORDER_STATUSES,
  'orders.payment_method': enums.PAYMENT_METHODS,
  'orders.service': enums.ORDER_SERVICES,
  'foods.role': enums.FOOD_ROLES,
  'order_items.role': enums.FOOD_ROLES,
  'events.channel': enums.EVENT_CHANNELS,
  'print_jobs.kind': enums.PRINT_JOB_KINDS,
  'print_jobs.status': enums.PRINT_JOB_STATUSES,
  'reports.kind': enums.REPORT_KINDS,
  'order_stations.status': enums.STATION_STATUSES,
  'venue.ask_table': [0, 1],
  'venue.waiter_tables': [0, 1],
  'categories.ticket_per_unit': [0, 1],
  'food_choice_options.available': [0, 1],
  'refunds.method': enums.PAYMENT_METHODS,
  'cancellations.method': enums.PAYMENT_METHODS,
  'cancelled_refunds.method': enums.PAYMENT_METHODS,
};

function literal(text: string): string | number {
  const trimmed = text.trim();
  return trimmed.startsWith("'") ? trimmed.slice(1, -1).replaceAll("''", "'") : Number(trimmed);
}

t.test("every `in (...)` CHECK of the migrated schema allows exactly its enum's values", async (t) => {
  const storage = openStorage(join(tempDir(t), 'pos.db'));
  t.teardown(() => storage.close());
  await migrate(storage);
  const tables = storage.sqlite
    .prepare("select name, sql from sqlite_master where type = 'table' and sql is not null")
    .all() as Array<{ name: string; sql: string }>;
  const found = new Map<string, Array<string | number>>();
  for (const table of tables) {
    for (const match of table.sql.matchAll(/check\s*\(\s*"?(\w+)"?\s+in\s*\(([^)]*)\)\s*\)/gi)) {
      found.set(`${table.name}.${match[1]}`, (match[2] as string).split(',').map(literal));
    }
  }
  t.ok(found.size > 0, 'the schema has enum checks');
  for (const column of found.keys()) {
    t.ok(column in EXPECTED, `${column}: its CHECK has an enum in src/api/enums.ts`);
  }
  for (const [column, values] of Object.entries(EXPECTED)) {
    t.same(found.get(column)?.slice().sort(), [...values].sort(), `${column} allows exactly ${values.join(', ')}`);
  }
});

t.test('a value outside an enum is refused by the database too', async (t) => {
  const storage = openStorage(join(tempDir(t), 'pos.db'));
  t.teardown(() => storage.close());
  await migrate(storage);
  const insert = storage.sqlite.prepare('insert into events (channel, name, payload, created_at) values (?, ?, ?, ?)');
  for (const channel of enums.EVENT_CHANNELS) t.doesNotThrow(() => insert.run(channel, 'x', '{}', 0), channel);
  t.throws(() => insert.run('kitchen', 'x', '{}', 0), /CHECK constraint failed/);
});
