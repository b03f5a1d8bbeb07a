import type { OrderStationStatusChanged, StationStatus } from '../../api/stations.js';
import type { Db } from '../../storage/database.js';
import { allColumns, prepared, rowParams } from '../../storage/prepared.js';
import type { OrderItemRow, OrderRow, OrderStationItemsTable, OrderStationsTable } from '../../storage/schema.js';
import type { CoreContext } from '../context.js';
import { appendEvents } from '../events/event-log.js';
import { kitchenLines } from '../orders/kitchen-lines.js';
import { printerFor, type Routing } from '../orders/routing.js';

// How an order moves through the kitchen stations (docs/api.md, "Kitchen stations"), inside the transaction of the
// change that moves it: it enters the stations when it is confirmed, leaves them when a person completes, picks
// up, moves back to pending or cancels it, and comes back to the ones it left when a person moves it back to
// CONFIRMED. The station's own taps (done, recall) are in use-cases.ts.

const STATION_COLUMNS = allColumns<OrderStationsTable>()(['order_id', 'printer_id', 'status', 'done_at']);
const ITEM_COLUMNS = allColumns<OrderStationItemsTable>()(['order_id', 'printer_id', 'item_id', 'option_id']);

const insertStations = prepared<{ rows: OrderStationsTable[] }, never>((db, _p, count) =>
  db
    .insertInto('order_stations')
    .values(Array.from({ length: count }, (_, index) => rowParams<OrderStationsTable>('rows', index, STATION_COLUMNS))),
);
const insertStationItems = prepared<{ rows: OrderStationItemsTable[] }, never>((db, _p, count) =>
  db
    .insertInto('order_station_items')
    .values(
      Array.from({ length: count }, (_, index) => rowParams<OrderStationItemsTable>('rows', index, ITEM_COLUMNS)),
    ),
);

/**
 * A confirmed order waits (WAITING) at each station its items route to, by the routing of its kitchen tickets
 * (food's printer → category's printer → the register's printer). Items no printer takes wait nowhere. A set
 * menu's components wait at their own foods' stations, as their kitchen tickets go there.
 */
export async function enterStations(
  trx: Db,
  order: Pick<OrderRow, 'id'>,
  items: readonly OrderItemRow[],
  routing: Routing,
  register: { default_printer_id: string | null } | null,
): Promise<void> {
  const registerPrinter = register?.default_printer_id ?? null;
  const itemRows: OrderStationItemsTable[] = [];
  const stations = new Set<string>();
  for (const line of kitchenLines(items, routing)) {
    const printerId = printerFor(routing, line, registerPrinter);
    if (printerId === null) continue;
    stations.add(printerId);
    itemRows.push({ order_id: order.id, printer_id: printerId, item_id: line.item.id, option_id: line.optionId });
  }
  if (stations.size === 0) return;
  const rows = [...stations].map(
    (printerId): OrderStationsTable => ({
      order_id: order.id,
      printer_id: printerId,
      status: 'WAITING',
      done_at: null,
    }),
  );
  await insertStations.run(trx, { rows }, rows.length);
  await insertStationItems.run(trx, { rows: itemRows }, itemRows.length);
}

/** `order-station-status-changed` for each station whose part changed, on the cashier, display and printer channels. */
export async function announceStations(
  trx: Db,
  ctx: CoreContext,
  orderId: number,
  printerIds: readonly string[],
  status: StationStatus,
): Promise<void> {
  await appendEvents(
    trx,
    ctx.clock.now(),
    printerIds.flatMap((printerId) => {
      const payload: OrderStationStatusChanged = { orderId, printerId, status };
      return (['cashier', 'display', 'printer'] as const).map((channel) => ({
        channel,
        name: 'order-station-status-changed',
        payload,
      }));
    }),
  );
}

async function waitingAt(trx: Db, orderId: number): Promise<string[]> {
  const rows = await trx
    .selectFrom('order_stations')
    .select('printer_id')
    .where('order_id', '=', orderId)
    .where('status', '=', 'WAITING')
    .orderBy('printer_id')
    .execute();
  return rows.map((row) => row.printer_id);
}

/**
 * The order leaves every station it still waits at (a person completed, picked up, cancelled it or moved it back
 * to pending): those parts count as done, with no `done_at` (the station did not do them), and their screens are
 * told.
 */
export async function leaveStations(trx: Db, ctx: CoreContext, orderId: number): Promise<void> {
  const waiting = await waitingAt(trx, orderId);
  if (waiting.length === 0) return;
  await trx
    .updateTable('order_stations')
    .set({ status: 'DONE', done_at: null })
    .where('order_id', '=', orderId)
    .where('status', '=', 'WAITING')
    .execute();
  await announceStations(trx, ctx, orderId, waiting, 'DONE');
}

/**
 * Moved back to CONFIRMED, the order waits again where it had left (the parts no station marked done); when every
 * station had finished it, at all of them: an order in preparation that no screen shows could never become ready.
 */
async function returnToStations(trx: Db, ctx: CoreContext, orderId: number): Promise<void> {
  const rows = await trx
    .selectFrom('order_stations')
    .select(['printer_id', 'status', 'done_at'])
    .where('order_id', '=', orderId)
    .orderBy('printer_id')
    .execute();
  const left = rows.filter((row) => row.status === 'DONE' && row.done_at === null);
  const stillWaiting = rows.some((row) => row.status === 'WAITING');
  const back = (left.length > 0 || stillWaiting ? left : rows).map((row) => row.printer_id);
  if (back.length === 0) return;
  await trx
    .updateTable('order_stations')
    .set({ status: 'WAITING', done_at: null })
    .where('order_id', '=', orderId)
    .where('printer_id', 'in', back)
    .execute();
  await announceStations(trx, ctx, orderId, back, 'WAITING');
}

/** The stations follow a status change of a confirmed order (PATCH, or a station's last tap). */
export async function stationsFollowStatus(
  trx: Db,
  ctx: CoreContext,
  before: OrderRow,
  after: OrderRow,
): Promise<void> {
  if (after.status === before.status || before.confirmed_at === null) return;
  if (after.status === 'CONFIRMED') await returnToStations(trx, ctx, after.id);
  else await leaveStations(trx, ctx, after.id);
}
