import { sql } from 'kysely';
import type { OrderStation, StationOrder } from '../../api/stations.js';
import type { Db } from '../../storage/database.js';
import { listParams, prepared } from '../../storage/prepared.js';
import type { OrderService } from '../../api/enums.js';
import type { OrderStatus, StationStatus } from '../../storage/schema.js';
import { type CoreContext, reader } from '../context.js';
import { NotFoundError } from '../errors.js';
import { COMPONENT_OF } from '../orders/kitchen-lines.js';
import { itemChoice } from '../orders/records.js';
import { loadChoices } from '../orders/routing.js';

/** How long a station's "done" list reaches back (`?include=done`): long enough to recall an order. */
const DONE_HORIZON_MS = 3600_000;

interface StationRow {
  order_id: number;
  display_code: string;
  ticket_number: number | null;
  table_name: string;
  customer: string;
  covers: number;
  service: OrderService;
  confirmed_at: number | null;
  order_status: OrderStatus;
  station_status: StationStatus;
  done_at: number | null;
  item_id: string;
  food_id: string;
  food_name: string;
  quantity: number;
  notes: string;
  option_id: string;
  component_food_id: string | null;
  component_food_name: string | null;
  option_name: string | null;
}

/**
 * The station's orders with their items (the station's own only), oldest confirmation first. Read from the
 * station's own rows (index on printer_id): never a scan of the evening's orders.
 */
function stationRows(db: Db, printerId: string) {
  return (
    db
      .selectFrom('order_stations as os')
      .innerJoin('order_station_items as osi', (join) =>
        join.onRef('osi.order_id', '=', 'os.order_id').onRef('osi.printer_id', '=', 'os.printer_id'),
      )
      .innerJoin('orders as o', 'o.id', 'os.order_id')
      .innerJoin('order_items as oi', 'oi.id', 'osi.item_id')
      .leftJoin('order_item_choices as oc', (join) =>
        join.onRef('oc.item_id', '=', 'osi.item_id').onRef('oc.option_id', '=', 'osi.option_id'),
      )
      .select([
        'o.id as order_id',
        'o.display_code',
        'o.ticket_number',
        'o.table_name',
        'o.customer',
        'o.covers',
        'o.service',
        'o.confirmed_at',
        'o.status as order_status',
        'os.status as station_status',
        'os.done_at',
        'oi.id as item_id',
        'oi.food_id',
        'oi.food_name',
        sql<number>`oi.quantity - oi.refunded_quantity`.as('quantity'),
        'oi.notes',
        'osi.option_id',
        'oc.component_food_id',
        'oc.component_food_name',
        'oc.name as option_name',
      ])
      .where('os.printer_id', '=', printerId)
      // Refunded units are not made: a line refunded in full is off the card.
      .whereRef('oi.quantity', '>', 'oi.refunded_quantity')
      .orderBy('o.confirmed_at')
      .orderBy('o.id')
      .orderBy('oi.position')
      .orderBy('osi.option_id')
  );
}

/**
 * The station's orders from its rows: a set menu's component is a line of its own, named after its food and the
 * menu ("Tagliatelle al ragù — Menu Pellegrino"); a line itself carries its choices.
 */
async function toStationOrders(db: Db, rows: readonly StationRow[]): Promise<StationOrder[]> {
  const choices = await loadChoices(db, [
    ...new Set(rows.filter((row) => row.option_id === '').map((row) => row.item_id)),
  ]);
  const orders = new Map<number, StationOrder>();
  for (const row of rows) {
    let order = orders.get(row.order_id);
    if (!order) {
      order = {
        id: row.order_id,
        displayCode: row.display_code,
        ticketNumber: row.ticket_number,
        table: row.table_name,
        customer: row.customer,
        confirmedAt: new Date(row.confirmed_at ?? 0).toISOString(),
        status: row.order_status,
        stationStatus: row.station_status,
        doneAt: row.done_at === null ? null : new Date(row.done_at).toISOString(),
        items: [],
        covers: row.covers,
        service: row.service,
      };
      orders.set(row.order_id, order);
    }
    const component = row.option_id !== '';
    order.items.push({
      id: row.item_id,
      foodId: component ? (row.component_food_id ?? row.food_id) : row.food_id,
      name: component
        ? `${row.component_food_name ?? row.option_name ?? ''}${COMPONENT_OF}${row.food_name}`
        : row.food_name,
      quantity: row.quantity,
      notes: row.notes,
      optionId: component ? row.option_id : null,
      choices: component ? [] : (choices.get(row.item_id) ?? []).map(itemChoice),
    });
  }
  return [...orders.values()];
}

async function requireStation(db: Db, printerId: string): Promise<void> {
  const printer = await db.selectFrom('printers').select('id').where('id', '=', printerId).executeTakeFirst();
  if (!printer) throw new NotFoundError('Station not found: no printer with that id');
}

/**
 * What a station's screen shows: the confirmed orders waiting there; with `includeDone`, also the ones it marked
 * done in the last hour that are not picked up yet (so it can recall one). The event position is read first, so a
 * screen that follows the stream from it may see an event it already reflects, never miss one.
 */
export async function listStationOrders(
  ctx: CoreContext,
  printerId: string,
  includeDone: boolean,
): Promise<{ orders: StationOrder[]; lastEventId: number }> {
  const db = reader(ctx);
  await requireStation(db, printerId);
  const { maxId } = await db
    .selectFrom('events')
    .select((eb) => eb.fn.max<number | null>('id').as('maxId'))
    .executeTakeFirstOrThrow();
  const since = ctx.clock.now().getTime() - DONE_HORIZON_MS;
  // Without the done ones, the station's WAITING rows alone are read (index printer_id, status).
  const select = includeDone
    ? stationRows(db, printerId).where((eb) =>
        eb.or([
          eb.and([eb('os.status', '=', 'WAITING'), eb('o.status', '=', 'CONFIRMED')]),
          eb.and([
            eb('os.status', '=', 'DONE'),
            eb('os.done_at', '>=', since),
            eb('o.status', 'in', ['CONFIRMED', 'COMPLETED']),
          ]),
        ]),
      )
    : stationRows(db, printerId).where('os.status', '=', 'WAITING').where('o.status', '=', 'CONFIRMED');
  const rows = await select.execute();
  return { orders: await toStationOrders(db, rows), lastEventId: maxId ?? 0 };
}

/** One order as the station shows it (the answer to a station's tap), read in the caller's transaction. */
export async function stationOrder(db: Db, orderId: number, printerId: string): Promise<StationOrder> {
  const [order] = await toStationOrders(
    db,
    await stationRows(db, printerId).where('os.order_id', '=', orderId).execute(),
  );
  if (!order) throw new NotFoundError('This order does not go to that station');
  return order;
}

const stationsOfOrderList = prepared<
  { ids: number[] },
  { order_id: number; printer_id: string; name: string; status: StationStatus; done_at: number | null }
>((db, _p, count) =>
  db
    .selectFrom('order_stations')
    .innerJoin('printers', 'printers.id', 'order_stations.printer_id')
    .select([
      'order_stations.order_id',
      'order_stations.printer_id',
      'printers.name',
      'order_stations.status',
      'order_stations.done_at',
    ])
    .where('order_stations.order_id', 'in', listParams<number>('ids', count))
    .orderBy('printers.name')
    .orderBy('printers.id'),
);

/** The stations of each order (none for an order never confirmed), for the order list and detail. */
export async function stationsOfOrders(db: Db, orderIds: readonly number[]): Promise<Map<number, OrderStation[]>> {
  const result = new Map<number, OrderStation[]>(orderIds.map((id) => [id, []]));
  if (orderIds.length === 0) return result;
  for (const row of await stationsOfOrderList.execute(db, { ids: [...orderIds] }, orderIds.length)) {
    result.get(row.order_id)?.push({
      printerId: row.printer_id,
      name: row.name,
      status: row.status,
      doneAt: row.done_at === null ? null : new Date(row.done_at).toISOString(),
    });
  }
  return result;
}
