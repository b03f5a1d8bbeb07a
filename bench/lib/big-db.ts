import BetterSqlite3 from 'better-sqlite3';
import { VenueClock } from '../../src/core/venue-time.js';
import { DISPLAY_CODE_ALPHABET } from '../../src/core/orders/display-code.js';
import type { BenchVenue } from './venue.js';

// A venue's history written straight into SQLite (the write path would take an hour for a million orders):
// confirmed orders of three lines each, spread evenly over the last `days` days, most already picked up.

const HOUR = 3_600_000;

function displayCode(n: number): string {
  const a = DISPLAY_CODE_ALPHABET;
  return (
    a[Math.floor(n / (a.length * a.length)) % a.length]! + a[Math.floor(n / a.length) % a.length]! + a[n % a.length]!
  );
}

export function fillOrders(
  databaseFile: string,
  venue: BenchVenue,
  options: { orders: number; days: number; timezone: string; now?: number; onProgress?: (done: number) => void },
): { from: number; to: number } {
  const db = new BetterSqlite3(databaseFile);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  const clock = new VenueClock({ timezone: options.timezone, ticketReset: '12:00', dayStart: '07:00' });
  // Everything ends an hour ago, so the hour the bench runs in stays empty and the snapshots cover all of it.
  const to = clock.hourStart((options.now ?? Date.now()) - HOUR).getTime();
  const from = to - options.days * 24 * HOUR;
  const step = (to - from) / options.orders;
  const insertOrder =
    db.prepare(`insert into orders (id, display_code, code_day, table_name, customer, status, ticket_number, ticket_day,
    payment_method, subtotal_cents, discount_cents, surcharge_cents, total_cents, user_id, cash_register_id, created_at, updated_at, confirmed_at, completed_at)
    values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 0, ?, null, ?, ?, ?, ?, ?)`);
  const insertItem =
    db.prepare(`insert into order_items (id, order_id, position, food_id, food_name, food_description, category_id, category_name,
    category_position, quantity, notes, unit_price_cents, surcharge_cents, total_cents) values (?, ?, ?, ?, ?, '', ?, ?, ?, ?, '', ?, 0, ?)`);
  const tickets = new Map<string, number>();
  const batch = 20_000;
  for (let start = 0; start < options.orders; start += batch) {
    db.transaction(() => {
      for (let n = start; n < Math.min(options.orders, start + batch); n++) {
        const id = n + 1;
        const confirmedAt = Math.floor(from + n * step);
        const ticketDay = clock.ticketDay(confirmedAt);
        const ticket = (tickets.get(ticketDay) ?? 0) + 1;
        tickets.set(ticketDay, ticket);
        const lines = [0, 1, 2].map((line) => ({
          line,
          food: venue.foods[(n * 7 + line * 13) % venue.foods.length]!,
          quantity: 1 + ((n + line) % 3),
        }));
        const subtotal = lines.reduce((sum, { food, quantity }) => sum + food.priceCents * quantity, 0);
        const completedAt = n % 10 === 0 ? null : confirmedAt + 300_000 + (n % 900) * 1000;
        const status = completedAt === null ? 'CONFIRMED' : 'PICKED_UP';
        insertOrder.run(
          id,
          displayCode(n),
          ticketDay,
          String(1 + (n % 40)),
          `Cliente ${n}`,
          status,
          ticket,
          ticketDay,
          n % 3 === 0 ? 'CARD' : 'CASH',
          subtotal,
          subtotal,
          venue.registers[n % venue.registers.length]!,
          confirmedAt - 30_000,
          completedAt ?? confirmedAt,
          confirmedAt,
          completedAt,
        );
        for (const { line, food, quantity } of lines) {
          insertItem.run(
            `${id}-${line}`,
            id,
            line,
            food.id,
            food.name,
            food.categoryId,
            food.categoryName,
            food.categoryPosition,
            quantity,
            food.priceCents,
            food.priceCents * quantity,
          );
        }
      }
    })();
    options.onProgress?.(Math.min(options.orders, start + batch));
  }
  const upsertCounter = db.prepare(
    'insert into ticket_counters (ticket_day, last_number) values (?, ?) on conflict (ticket_day) do update set last_number = excluded.last_number',
  );
  db.transaction(() => {
    for (const [day, last] of tickets) upsertCounter.run(day, last);
  })();
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  return { from, to };
}
