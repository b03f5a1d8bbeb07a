import type { Db } from '../../storage/database.js';
import type { OrderItemRow, OrderRow } from '../../storage/schema.js';
import type { CoreContext } from '../context.js';
import { printerFor, type Routing } from '../orders/routing.js';
import { type NewJob, orderKitchenJobs, queueJobs } from './job-life.js';
import type { CancellationPayload, TicketItem } from './payloads.js';
import { printerNames, type RegisterPrinting, ticketItem } from './queue.js';

/**
 * The stations that got an order's kitchen tickets, each with the items it got, and a cancellation ticket queued
 * for each. With the built-in printing the print jobs say where the tickets went (a job retried on
 * another printer counts there); with printing off the routing says where a print service sent them. Returns the
 * printer ids, for the `order-cancelled` event. An order's own jobs are read before anything of it is gone.
 */
export async function queueCancellationJobs(
  trx: Db,
  ctx: CoreContext,
  request: { order: OrderRow; items: readonly OrderItemRow[]; routing: Routing; register: RegisterPrinting | null },
): Promise<string[]> {
  const { order } = request;
  const stations = new Map<string, TicketItem[]>();
  if (ctx.printJobs) {
    for (const { printerId, payload } of await orderKitchenJobs(trx, order.id)) {
      // The first ticket a station got lists all its items; a later reprint only some.
      if (payload.kind === 'kitchen' && !stations.has(printerId)) stations.set(printerId, payload.items);
    }
  } else {
    const registerPrinter = request.register?.default_printer_id ?? null;
    for (const item of request.items) {
      const printer = printerFor(request.routing, item, registerPrinter);
      if (printer === null) continue;
      stations.set(printer, [...(stations.get(printer) ?? []), ticketItem(item)]);
    }
    return [...stations.keys()];
  }
  const stationIds = [...stations.keys()];
  if (stationIds.length === 0) return [];
  const names = new Map(
    (await printerNames.execute(trx, { ids: stationIds }, stationIds.length)).map((row) => [row.id, row.name]),
  );
  const printerIds = stationIds.filter((id) => names.has(id)); // a printer deleted since has nobody to tell
  const now = ctx.clock.now().getTime();
  await queueJobs(
    trx,
    ctx,
    printerIds.map((printerId): NewJob => {
      const payload: CancellationPayload = {
        kind: 'cancellation',
        orderId: order.id,
        ticketNumber: order.ticket_number,
        displayCode: order.display_code,
        table: order.table_name,
        customer: order.customer,
        confirmedAt: order.confirmed_at ?? now,
        reprint: false,
        station: names.get(printerId) ?? '',
        items: stations.get(printerId) ?? [],
        cancelledAt: now,
      };
      // Stored as a kitchen job (it goes to the kitchen, in order after the ticket it cancels); the payload says what it is.
      return { printerId, kind: 'kitchen', orderId: order.id, payload };
    }),
  );
  return printerIds;
}

/**
 * Some units of an order refunded before they were cooked: each station that got those lines (as fixed at
 * confirmation) gets a cancellation ticket listing only those units, unless it has a screen instead of tickets.
 * Returns every such station's printer id (screens too: they are told by the event and count the units down).
 */
export async function queueRefundTickets(
  trx: Db,
  ctx: CoreContext,
  order: OrderRow,
  refunded: ReadonlyArray<{ item: OrderItemRow; units: number }>,
): Promise<string[]> {
  if (refunded.length === 0) return [];
  const rows = await trx
    .selectFrom('order_station_items')
    .select(['printer_id', 'item_id'])
    .where('order_id', '=', order.id)
    .where(
      'item_id',
      'in',
      refunded.map(({ item }) => item.id),
    )
    .execute();
  const stations = new Map<string, TicketItem[]>();
  for (const { item, units } of refunded) {
    for (const row of rows) {
      if (row.item_id !== item.id) continue;
      stations.set(row.printer_id, [...(stations.get(row.printer_id) ?? []), { ...ticketItem(item), quantity: units }]);
    }
  }
  const stationIds = [...stations.keys()].sort();
  if (stationIds.length === 0 || !ctx.printJobs) return stationIds;
  const printers = await printerNames.execute(trx, { ids: stationIds }, stationIds.length);
  const now = ctx.clock.now().getTime();
  await queueJobs(
    trx,
    ctx,
    printers
      .filter((printer) => printer.kitchen_tickets === 1)
      .map((printer): NewJob => {
        const payload: CancellationPayload = {
          kind: 'cancellation',
          orderId: order.id,
          ticketNumber: order.ticket_number,
          displayCode: order.display_code,
          table: order.table_name,
          customer: order.customer,
          confirmedAt: order.confirmed_at ?? now,
          reprint: false,
          station: printer.name,
          items: stations.get(printer.id) ?? [],
          cancelledAt: now,
        };
        return { printerId: printer.id, kind: 'kitchen', orderId: order.id, payload };
      }),
  );
  return stationIds;
}
