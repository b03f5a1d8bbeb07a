import type { Db } from '../../storage/database.js';
import { listParams, prepared } from '../../storage/prepared.js';
import type { OrderItemChoiceRow, OrderItemRow, OrderRow, PrintJobKind } from '../../storage/schema.js';
import type { CoreContext } from '../context.js';
import { printerFor, type Routing } from '../orders/routing.js';
import { type KitchenLine, kitchenLines, leftToMake } from '../orders/kitchen-lines.js';
import { z } from 'zod';
import { ClosureSession } from '../../api/cash-sessions.js';
import { Report } from '../../api/reports.js';
import { receiptLines } from '../venue.js';
import { type NewJob, queueJobs } from './job-life.js';
import type { HandoverPayload, KitchenTicketPayload, ReceiptPayload, TicketItem } from './payloads.js';
import { type ReceiptRegister, receiptWarning } from './receipt-check.js';

// What to print for a change, and where: the tickets of a confirmation or a reprint, a closure, a test page
// (cancellations: cancellation.ts). They are queued in the caller's transaction through job-life.ts, which owns
// the rest of a job's life and the print_jobs table.

const UNROUTABLE_STATION = 'no printer';

export const printerNames = prepared<{ ids: string[] }, { id: string; name: string; kitchen_tickets: number }>(
  (db, _p, count) =>
    db
      .selectFrom('printers')
      .select(['id', 'name', 'kitchen_tickets'])
      .where('id', 'in', listParams<string>('ids', count)),
);

async function insertJob(trx: Db, ctx: CoreContext, job: NewJob): Promise<number> {
  return (await queueJobs(trx, ctx, [job]))[0] as number;
}

function ticketItem(item: OrderItemRow, choices: readonly OrderItemChoiceRow[] = []): TicketItem {
  return {
    quantity: item.quantity,
    name: item.food_name,
    notes: item.notes,
    unitPriceCents: item.unit_price_cents,
    surchargeCents: item.surcharge_cents,
    totalCents: item.total_cents,
    // Only when there are some: a line without choices keeps the payload every release wrote.
    ...(choices.length > 0
      ? { choices: choices.map((choice) => ({ name: choice.name, priceDeltaCents: choice.price_delta_cents })) }
      : {}),
  };
}

/** A kitchen ticket's line: the order line with its plain choices, or a set menu's component (no price). */
export function kitchenTicketItem(line: KitchenLine): TicketItem {
  if (line.optionId === '') return ticketItem(line.item, line.choices);
  return {
    quantity: line.quantity,
    name: line.name,
    notes: line.notes,
    unitPriceCents: 0,
    surchargeCents: 0,
    totalCents: 0,
  };
}

/** One token per unit of `items`, numbered across the station's tokens of the order ("2 of 5"). */
function tokenPayloads(
  base: Omit<KitchenTicketPayload, 'kind' | 'station' | 'items'>,
  station: string,
  lines: readonly KitchenLine[],
): KitchenTicketPayload[] {
  const units = lines.flatMap((line) => Array.from({ length: line.quantity }, () => line));
  return units.map((line, index) => ({
    kind: 'kitchen',
    ...base,
    station,
    // Kitchen paper shows no prices; the unit's amount is its unit price.
    items: [{ ...kitchenTicketItem(line), quantity: 1, surchargeCents: 0, totalCents: line.item.unit_price_cents }],
    token: { index: index + 1, count: units.length },
  }));
}

export interface OrderPrintRequest {
  order: OrderRow;
  items: readonly OrderItemRow[];
  routing: Routing;
  /** The order's register when the caller has read it already (null: none); looked up when absent. */
  register?: RegisterPrinting | null;
  /** A reprint: only these items' kitchen tickets, and the receipt if asked. */
  reprint?: { itemIds: readonly string[]; receipt: boolean };
  /** The cash the till says it received (a confirmation's receipt only). */
  cashReceivedCents?: number | null;
  /** One part only: the receipt of an order waiting for its table, or its kitchen tickets once seated. */
  only?: 'kitchen' | 'receipt';
}

export type RegisterPrinting = ReceiptRegister;

/**
 * One kitchen ticket per destination printer (listing only its items), and the customer receipt on the register's
 * printer. Items that no printer takes become one `unroutable` job, kept and shown to operators. A receipt that
 * cannot print (no register chosen, or a register without a printer) is kept the same way, its `lastError` saying
 * why, so the job list explains the missing receipt and a retry with a printer prints it. Returns the job ids.
 */
export async function queueOrderPrintJobs(trx: Db, ctx: CoreContext, request: OrderPrintRequest): Promise<number[]> {
  if (!ctx.printJobs) return [];
  const { order, reprint, routing } = request;
  // The kitchen makes what is left: units refunded before its tickets went (a reprint; an order seated by a waiter
  // after a refund) are not made. The receipt keeps every line, as paid.
  const items = leftToMake(reprint ? request.items.filter((item) => reprint.itemIds.includes(item.id)) : request.items);
  const register =
    request.register !== undefined
      ? request.register
      : order.cash_register_id
        ? ((await trx
            .selectFrom('cash_registers')
            .select(['name', 'default_printer_id'])
            .where('id', '=', order.cash_register_id)
            .executeTakeFirst()) ?? null)
        : null;
  const registerPrinter = register?.default_printer_id ?? null;
  const routes = new Map<string | null, KitchenLine[]>();
  for (const line of kitchenLines(items, routing)) {
    const printer = printerFor(routing, line, registerPrinter);
    const list = routes.get(printer) ?? [];
    list.push(line);
    routes.set(printer, list);
  }
  const printerIds = [...routes.keys()].filter((id): id is string => id !== null);
  const printers = printerIds.length ? await printerNames.execute(trx, { ids: printerIds }, printerIds.length) : [];
  const names = new Map(printers.map((row) => [row.id, row.name]));
  // A station with a screen instead of kitchen tickets (printer setting `kitchenTickets: false`) gets none, reprints too.
  for (const row of printers) if (row.kitchen_tickets === 0) routes.delete(row.id);
  if (request.only === 'receipt') routes.clear();
  const base = {
    orderId: order.id,
    ticketNumber: order.ticket_number,
    displayCode: order.display_code,
    table: order.table_name,
    customer: order.customer,
    confirmedAt: order.confirmed_at ?? ctx.clock.now().getTime(),
    reprint: reprint !== undefined,
  };
  const jobs: NewJob[] = [];
  const kitchenKind: PrintJobKind = reprint ? 'reprint-kitchen' : 'kitchen';
  for (const [printerId, routed] of routes) {
    const station = printerId ? (names.get(printerId) ?? '') : UNROUTABLE_STATION;
    // Lines of a per-unit category come out as tokens, one per unit; the others on one ticket as always.
    const perUnit = printerId ? routed.filter((item) => routing.perUnit?.has(item.category_id)) : [];
    const whole = routed.filter((item) => !perUnit.includes(item));
    if (whole.length > 0) {
      const payload: KitchenTicketPayload = {
        kind: 'kitchen',
        ...base,
        station,
        items: whole.map(kitchenTicketItem),
        covers: order.covers,
        service: order.service,
      };
      jobs.push({ printerId, kind: kitchenKind, orderId: order.id, payload });
    }
    for (const payload of tokenPayloads(base, station, perUnit))
      jobs.push({ printerId, kind: kitchenKind, orderId: order.id, payload });
  }
  if ((!reprint || reprint.receipt) && request.only !== 'kitchen') {
    const payload: ReceiptPayload = {
      kind: 'receipt',
      ...base,
      registerName: register?.name ?? null,
      paymentMethod: order.payment_method,
      items: request.items.map((item) => ticketItem(item, routing.choices.get(item.id))),
      subtotalCents: order.subtotal_cents,
      discountCents: order.discount_cents,
      surchargeCents: order.surcharge_cents,
      totalCents: order.total_cents,
      ...(await receiptLines(trx)),
      cashReceivedCents: request.cashReceivedCents ?? null,
    };
    const problem = receiptWarning(register);
    jobs.push({
      printerId: registerPrinter,
      kind: reprint ? 'reprint-receipt' : 'receipt',
      orderId: order.id,
      payload,
      ...(problem ? { lastError: problem.message } : {}),
    });
  }
  return queueJobs(trx, ctx, jobs);
}

/**
 * The closure report on the requesting register's printer (unroutable when the register has none). `from`/`to`
 * (epoch ms) default to the report's own period. Null for an unknown register or with printing off.
 */
export async function queueClosurePrintJob(
  trx: Db,
  ctx: CoreContext,
  request: { report: Report; cashRegisterId: string; from?: number; to?: number; sessions?: ClosureSession[] },
): Promise<number | null> {
  if (!ctx.printJobs) return null;
  const register = await trx
    .selectFrom('cash_registers')
    .select(['name', 'default_printer_id'])
    .where('id', '=', request.cashRegisterId)
    .executeTakeFirst();
  if (!register) return null;
  const from = request.from ?? Date.parse(request.report.timestamp);
  const to = request.to ?? from + request.report.intervalInMinutes * 60_000;
  return insertJob(trx, ctx, {
    printerId: register.default_printer_id,
    kind: 'closure',
    reportId: request.report.id,
    payload: {
      kind: 'closure',
      registerName: register.name,
      report: Report.encode(request.report),
      from,
      to,
      ...(request.sessions ? { sessions: z.array(ClosureSession).encode(request.sessions) } : {}),
    },
  });
}

/**
 * The handover slip of a closed cash session, on the register's printer. It is a closing paper like the general
 * closure, so it is queued as a `closure` job (the payload says which paper).
 */
export async function queueHandoverPrintJob(
  trx: Db,
  ctx: CoreContext,
  printerId: string | null,
  payload: HandoverPayload,
): Promise<number | null> {
  if (!ctx.printJobs) return null;
  return insertJob(trx, ctx, { printerId, kind: 'closure', payload });
}

export async function queueTestPage(
  trx: Db,
  ctx: CoreContext,
  printer: { id: string; name: string; ip: string; port: number },
): Promise<number> {
  return insertJob(trx, ctx, {
    printerId: printer.id,
    kind: 'test',
    payload: {
      kind: 'test',
      printerName: printer.name,
      address: `${printer.ip}:${printer.port}`,
      requestedAt: ctx.clock.now().getTime(),
    },
  });
}
