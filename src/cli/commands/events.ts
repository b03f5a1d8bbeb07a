import { Argument, type Command, Option } from 'commander';
import {
  type CashierEvent,
  CHANNEL_EVENTS,
  type DisplayEvent,
  EVENT_CHANNELS,
  type PrinterEvent,
} from '../../api/events.js';
import { decodeMoney } from '../../api/money-codec.js';
import type { z } from 'zod';
import type { ErrorBody } from '../../api/common.js';
import type { RecordItem } from '../../api/orders.js';
import { connect } from '../client.js';
import { ApiError } from '../../client/errors.js';
import { CliError, userMessage } from '../errors.js';
import { money } from '../field-flags.js';
import { print, printErr, printJsonLine } from '../output.js';
import type { GlobalOptions } from '../program.js';
import { type DropCause, type SseEvent, streamEvents } from '../../client/sse.js';

/** An event of any channel, typed by the unions of src/api/events.ts. */
type AnyEvent = CashierEvent | DisplayEvent | PrinterEvent;
// The items of new-order and of the printer channel's records: the food's name where the channel carries it.
type Item = Pick<z.infer<typeof RecordItem>, 'quantity' | 'foodId' | 'food'>;

/** An order as people know it (ticket number and display code), with its id apart: "#12 · A7K (id 42)". */
const code = (p: { id: number; displayCode?: string; ticketNumber?: number | null }) => {
  const ticket = typeof p.ticketNumber === 'number' ? `#${p.ticketNumber} · ` : '';
  return `${ticket}${p.displayCode ?? '?'} (id ${p.id})`;
};
// Payloads are read as the server sent them (not parsed): an older server may leave a list out.
const items = (list: Item[] | undefined) =>
  (list ?? []).map((i) => `${i.quantity}× ${i.food?.name ?? i.foodId}`).join(', ');

/**
 * The event with its amounts in cents, read by the union of a channel that carries its name (the printer channel's
 * whole order first: the other channels' `confirmed-order` has no amounts, and reading converts only what is there).
 */
function inCents(name: string, payload: unknown): AnyEvent {
  const union = [CHANNEL_EVENTS.printer, CHANNEL_EVENTS.cashier, CHANNEL_EVENTS.display].find((candidate) =>
    candidate.options.some((option) => option.shape.name.value === name),
  );
  return (union ? decodeMoney(union, { name, payload }) : { name, payload }) as AnyEvent;
}

/** One readable line per event, for a volunteer watching the stream. */
export function describeEvent(frame: SseEvent): string {
  let payload: unknown;
  try {
    payload = JSON.parse(frame.data);
  } catch {
    return `${frame.event} ${frame.data}`;
  }
  return describe(inCents(frame.event, payload)) ?? `${frame.event} ${frame.data}`;
}

function describe(event: AnyEvent): string | null {
  switch (event.name) {
    case 'new-order': {
      const p = event.payload;
      return `new order ${code(p)} · table ${p.table} · ${p.customer} · ${p.orderItems?.length ?? 0} item(s) · ${money(p.total)}`;
    }
    case 'confirmed-order': {
      const p = event.payload;
      // The printer channel carries the whole order; the cashier and display channels its numbers.
      return 'orderItems' in p
        ? `confirmed ${code(p)} · ${p.paymentMethod ?? '-'} ${money(p.total)} · ${items(p.orderItems)}`
        : `confirmed ${code(p)}`;
    }
    case 'order-status-changed':
      return `${code(event.payload)} → ${event.payload.status}`;
    case 'order-deleted':
      return `deleted ${code(event.payload)}`;
    case 'order-cancelled': {
      const p = event.payload;
      return `cancelled ${code({ ...p, id: p.orderId })} · table ${p.table} · ${p.customer}`;
    }
    case 'order-refunded': {
      const p = event.payload;
      const units = p.items.reduce((sum, item) => sum + item.quantity, 0);
      return `refunded ${code({ ...p, id: p.orderId })} · ${p.method} ${money(p.amount)} · ${units} unit(s) · ${p.reason}`;
    }
    case 'reprint-order': {
      const p = event.payload;
      return `reprint ${code(p)}: ${items(p.reprintOrderItems)}${p.reprintReceipt ? ' + receipt' : ''}`;
    }
    case 'food-availability-changed':
      return `food ${event.payload.foodId} ${event.payload.available ? 'available again' : 'sold out'}`;
    case 'food-stock-changed':
      return `food ${event.payload.foodId}: ${event.payload.portionsLeft === null ? 'no longer counted' : `${event.payload.portionsLeft} left`}`;
    case 'category-availability-changed':
      return `category ${event.payload.categoryId} ${event.payload.available ? 'available again' : 'unavailable'}`;
    case 'printer-status-changed':
      return `printer ${event.payload.printerId} → ${event.payload.status}${event.payload.statusReason ? ` (${event.payload.statusReason})` : ''}`;
    case 'order-station-status-changed': {
      // The event names the order by id only: the station's part is done, or back to waiting (undone).
      const p = event.payload;
      return p.status === 'DONE'
        ? `station ${p.printerId} done with order id ${p.orderId}`
        : `station ${p.printerId}: order id ${p.orderId} waiting again`;
    }
    case 'general-closure': {
      const p = event.payload;
      // cashRegister and totalDiscount are newer fields: an older server leaves them out.
      const at = p.cashRegister ? ` of register ${p.cashRegister}` : '';
      const discount = p.totalDiscount ? ` · discounts ${money(p.totalDiscount)}` : '';
      const figures = `revenue ${money(p.totalRevenue)} (cash ${money(p.totalCashRevenue)}, card ${money(p.totalCardRevenue)})`;
      return `general closure${at} · ${p.totalOrders} orders · ${figures}${discount}`;
    }
    case 'resync':
      return `resync (${event.payload.reason}): events were missed, reload the state`;
    default:
      return null; // an event of a newer server: printed as it came
  }
}

/** Why the stream dropped, in the CLI's English. */
function dropText(cause: DropCause): string {
  switch (cause.kind) {
    case 'closed':
      return 'the server closed the stream';
    case 'answered':
      return `the server answered HTTP ${cause.status}`;
    case 'silent':
      return `nothing heard for ${cause.idleMs >= 1000 ? `${Math.round(cause.idleMs / 1000)} s` : `${cause.idleMs} ms`}`;
    case 'unreachable':
      return cause.detail;
  }
}

export function registerEvents(program: Command): void {
  program
    .command('events')
    .description('print the live event stream of a channel; reconnects and resumes by itself (Ctrl+C stops)')
    .addArgument(new Argument('<channel>', 'cashier, display or printer').choices([...EVENT_CHANNELS]))
    .addOption(new Option('--since <eventId>', 'first replay the events after this id'))
    .addHelpText('after', '\nWith --json, each event is printed as one JSON object per line: {"id","event","data"}.')
    .action(async (channel: string, flags: { since?: string }, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      // The server would take anything and answer with a resync: a typo is said here instead.
      if (flags.since !== undefined && !/^\d{1,15}$/.test(flags.since))
        throw new CliError(`--since takes an event id (the whole number after "id:"), got "${flags.since}"`);
      const client = await connect(globals);
      const controller = new AbortController();
      process.once('SIGINT', () => controller.abort());
      process.once('SIGTERM', () => controller.abort());
      let fatal: CliError | null = null;
      await streamEvents({
        url: client.url(`/events/${channel}`),
        headers: () => client.headers(),
        ...(flags.since ? { lastEventId: flags.since } : {}),
        signal: controller.signal,
        onEvent: (event) => {
          if (globals.json) {
            let data: unknown = event.data;
            try {
              data = JSON.parse(event.data);
            } catch {
              // not JSON: print as received
            }
            printJsonLine({ id: event.lastEventId, event: event.event, data });
          } else {
            const at = new Date().toLocaleTimeString('en-GB', { hourCycle: 'h23' });
            print(`${at}  ${describeEvent(event)}`);
          }
        },
        onStatus: (status) => {
          if (status.state === 'connected') process.stderr.write(`connected to ${channel} events\n`);
          else
            printErr(`disconnected (${dropText(status.cause)}); retrying in ${Math.round(status.retryInMs / 1000)} s`);
        },
        onFatal: (status, body) => {
          let parsed: unknown = body;
          try {
            parsed = JSON.parse(body) as Partial<ErrorBody>;
          } catch {
            // plain text
          }
          // The same words as any other refusal of the server: its message, status, code and the advice by code.
          const coded = typeof parsed === 'object' && parsed !== null ? (parsed as Partial<ErrorBody>) : undefined;
          const error = new ApiError(status, coded?.message ?? body, coded ?? body);
          fatal = new CliError(userMessage(error) ?? `${body} (HTTP ${status})`);
        },
      });
      if (fatal) throw fatal;
    });
}
