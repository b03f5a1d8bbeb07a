import { Argument, type Command, Option } from 'commander';
import { CHANNELS } from '../../core/events/event-log.js';
import { connect } from '../client.js';
import { CliError } from '../errors.js';
import type { GlobalOptions } from '../program.js';
import { type SseEvent, streamEvents } from '../sse.js';

type Payload = Record<string, any>;

/** An order as people know it (ticket number and display code), with its id apart: "#12 · A7K (id 42)". */
const code = (p: Payload) => {
  const ticket = typeof p['ticketNumber'] === 'number' ? `#${p['ticketNumber']} · ` : '';
  return `${ticket}${p['displayCode'] ?? '?'} (id ${p['id']})`;
};
const items = (p: Payload) =>
  ((p['orderItems'] ?? []) as Payload[]).map((i) => `${i['quantity']}× ${i['food']?.['name'] ?? i['foodId']}`).join(', ');

/** One readable line per event, for a volunteer watching the stream. */
export function describeEvent(event: SseEvent): string {
  let p: Payload;
  try {
    p = JSON.parse(event.data) as Payload;
  } catch {
    return `${event.event} ${event.data}`;
  }
  switch (event.event) {
    case 'new-order':
      return `new order ${code(p)} · table ${p['table']} · ${p['customer']} · ${p['orderItems']?.length ?? 0} item(s) · ${p['total']}`;
    case 'confirmed-order':
      return p['orderItems']
        ? `confirmed ${code(p)} · ${p['paymentMethod'] ?? '-'} ${p['total']} · ${items(p)}`
        : `confirmed ${code(p)}`;
    case 'order-status-changed':
      return `${code(p)} → ${p['status']}`;
    case 'order-deleted':
      return `deleted ${code(p)}`;
    case 'reprint-order':
      return `reprint ${code(p)}: ${items({ orderItems: p['reprintOrderItems'] })}${p['reprintReceipt'] ? ' + receipt' : ''}`;
    case 'food-availability-changed':
      return `food ${p['foodId']} ${p['available'] ? 'available again' : 'sold out'}`;
    case 'category-availability-changed':
      return `category ${p['categoryId']} ${p['available'] ? 'available again' : 'unavailable'}`;
    case 'printer-status-changed':
      return `printer ${p['printerId']} → ${p['status']}`;
    case 'general-closure':
      return `general closure · ${p['totalOrders']} orders · revenue ${p['totalRevenue']} (cash ${p['totalCashRevenue']}, card ${p['totalCardRevenue']})`;
    case 'resync':
      return `resync (${p['reason']}): events were missed, reload the state`;
    default:
      return `${event.event} ${event.data}`;
  }
}

export function registerEvents(program: Command): void {
  program
    .command('events')
    .description('print the live event stream of a channel; reconnects and resumes by itself (Ctrl+C stops)')
    .addArgument(new Argument('<channel>', 'cashier, display or printer').choices([...CHANNELS]))
    .addOption(new Option('--since <eventId>', 'first replay the events after this id'))
    .addHelpText('after', '\nWith --json, each event is printed as one JSON object per line: {"id","event","data"}.')
    .action(async (channel: string, flags: { since?: string }, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
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
            process.stdout.write(`${JSON.stringify({ id: event.lastEventId, event: event.event, data })}\n`);
          } else {
            const at = new Date().toLocaleTimeString('en-GB', { hourCycle: 'h23' });
            process.stdout.write(`${at}  ${describeEvent(event)}\n`);
          }
        },
        onStatus: (status) => {
          if (status.state === 'connected') process.stderr.write(`connected to ${channel} events\n`);
          else process.stderr.write(`disconnected (${status.reason}); retrying in ${Math.round(status.retryInMs / 1000)} s\n`);
        },
        onFatal: (status, body) => {
          let message = body;
          try {
            message = (JSON.parse(body) as { message?: string }).message ?? body;
          } catch {
            // plain text
          }
          fatal = new CliError(`${message} (HTTP ${status})`);
        },
      });
      if (fatal) throw fatal;
    });
}
