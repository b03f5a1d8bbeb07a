import type { Db } from '../../storage/database.js';
import type { OrderItemRow, OrderRow } from '../../storage/schema.js';
import type { CoreContext } from '../context.js';
import { loadChoices, printerFor, type Routing } from '../orders/routing.js';
import { type NewJob, orderKitchenJobs, queueJobs } from './job-life.js';
import type { CancellationPayload, TicketItem } from './payloads.js';
import { kitchenLines } from '../orders/kitchen-lines.js';
import { kitchenTicketItem, printerNames, type RegisterPrinting } from './queue.js';

/** Units of the same line (same name and notes) counted together: three beer tokens are "3 x Birra". */
function addUnits(list: TicketItem[], units: readonly TicketItem[]): TicketItem[] {
  const result = list.map((item) => ({ ...item }));
  for (const unit of units) {
    const same = result.find((item) => item.name === unit.name && item.notes === unit.notes);
    if (same) {
      same.quantity += unit.quantity;
      same.totalCents += unit.totalCents;
    } else result.push({ ...unit });
  }
  return result;
}

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
    const tokens = new Map<string, TicketItem[]>();
    for (const { printerId, payload } of await orderKitchenJobs(trx, order.id)) {
      if (payload.kind !== 'kitchen') continue;
      // A station's tokens (one unit each) add up to the lines it got; reprinted tokens are copies.
      if (payload.token) {
        if (!payload.reprint) tokens.set(printerId, addUnits(tokens.get(printerId) ?? [], payload.items));
        continue;
      }
      // The first ticket a station got lists all its items; a later reprint only some.
      if (!stations.has(printerId)) stations.set(printerId, payload.items);
    }
    for (const [printerId, items] of tokens) stations.set(printerId, [...(stations.get(printerId) ?? []), ...items]);
  } else {
    const registerPrinter = request.register?.default_printer_id ?? null;
    for (const line of kitchenLines(request.items, request.routing)) {
      const printer = printerFor(request.routing, line, registerPrinter);
      if (printer === null) continue;
      stations.set(printer, [...(stations.get(printer) ?? []), kitchenTicketItem(line)]);
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
    .select(['printer_id', 'item_id', 'option_id'])
    .where('order_id', '=', order.id)
    .where(
      'item_id',
      'in',
      refunded.map(({ item }) => item.id),
    )
    .execute();
  // The units as the kitchen got them: the line with its plain choices, and each set menu's component on its own.
  const choices = await loadChoices(
    trx,
    refunded.map(({ item }) => item.id),
  );
  const lines = kitchenLines(
    refunded.map(({ item, units }) => ({ ...item, quantity: units })),
    { choices },
  );
  const stations = new Map<string, TicketItem[]>();
  for (const row of rows) {
    const line = lines.find((each) => each.item.id === row.item_id && each.optionId === row.option_id);
    if (line) stations.set(row.printer_id, [...(stations.get(row.printer_id) ?? []), kitchenTicketItem(line)]);
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
