import type { z } from 'zod';
import { DISPLAY_CODE_ALPHABET, DISPLAY_CODE_LENGTH } from '../api/enums.js';
import type { OrderDetail, OrderListItem } from '../api/orders.js';
import { ApiError } from '../client/errors.js';
import type { PosClient } from '../client/http.js';
import { CliError } from './errors.js';
import { venueClockTime } from './output.js';

// People know an order by the number on their ticket (#12) or the code on the TV (A7K); scripts by its id. Every
// order command takes any of the three and says which order it chose, so the three numbers never get mixed up.

/** The order a command chose: an item of the list or the detail, both typed by src/api. */
export type ChosenOrder = z.infer<typeof OrderListItem> | z.infer<typeof OrderDetail>;

export type OrderRef =
  | { kind: 'ticket'; ticketNumber: number }
  | { kind: 'code'; code: string }
  | { kind: 'id'; id: number }
  | { kind: 'code-or-id'; code: string; id: number };

const CODE = new RegExp(`^[${DISPLAY_CODE_ALPHABET}]{${DISPLAY_CODE_LENGTH}}$`);
const HOW = 'give an order as #12 (its ticket number today), its display code (A7K) or its id (id:1042, or just 1042)';

/** `#12`, `A7K` (any case), `1042` or `id:1042`. */
function parseOrderRef(value: string): OrderRef {
  const text = value.trim();
  const ticket = /^#\s*(\d{1,9})$/.exec(text);
  if (ticket) {
    const ticketNumber = Number(ticket[1]);
    if (ticketNumber < 1) throw new CliError(`there is no ticket #0: ${HOW}`);
    return { kind: 'ticket', ticketNumber };
  }
  const explicitId = /^id:\s*(\d{1,15})$/i.exec(text);
  if (explicitId) return { kind: 'id', id: Number(explicitId[1]) };
  const upper = text.toUpperCase();
  if (/^\d{1,15}$/.test(text)) {
    const id = Number(text);
    if (id < 1) throw new CliError(`there is no order 0: ${HOW}`);
    // Codes without letters (such as 234) look like ids: both are looked up.
    return CODE.test(upper) ? { kind: 'code-or-id', code: upper, id } : { kind: 'id', id };
  }
  if (CODE.test(upper)) return { kind: 'code', code: upper };
  throw new CliError(`"${value}" is not an order: ${HOW}`);
}

/** "order #12 · A7K · id 1042", or "order A7K · id 1042" before it has a ticket number. */
export function orderName(order: Pick<ChosenOrder, 'id' | 'ticketNumber' | 'displayCode'>): string {
  return `order ${order.ticketNumber === null ? '' : `#${order.ticketNumber} · `}${order.displayCode} · id ${order.id}`;
}

async function byId(client: PosClient, id: number): Promise<ChosenOrder | null> {
  try {
    return await client.order(id);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** The newest order with this code (a code is held by one order until it is picked up, and by one per day). */
async function byCode(client: PosClient, code: string): Promise<ChosenOrder | null> {
  const page = await client.orders({ displayCode: code, sortBy: 'createdAt', order: 'desc', limit: 1 });
  return page.orders[0] ?? null;
}

/**
 * Ticket numbers start again every ticket day (at 12:00 by default, as the server's /health says): #12 is the
 * order with ticket 12 confirmed since the current ticket day began.
 */
async function byTicket(client: PosClient, ticketNumber: number): Promise<ChosenOrder> {
  const health = await client.health();
  const { timezone } = health;
  // An older server does not say when its ticket day began.
  const since = (health.ticketDayStart as string | undefined) ? Date.parse(health.ticketDayStart) : null;
  let latest: ChosenOrder | null = null;
  // The search also matches tables and customers with "12" in them: read newest confirmations first, until the
  // ticket day is behind.
  for (let page = 1; page <= 20; page++) {
    const result = await client.orders({
      search: String(ticketNumber),
      sortBy: 'confirmedAt',
      order: 'desc',
      limit: 100,
      page,
    });
    for (const order of result.orders) {
      if (order.ticketNumber !== ticketNumber || order.confirmedAt === null) continue;
      if (since === null || Date.parse(order.confirmedAt) >= since) return order;
      latest ??= order;
    }
    const last = result.orders.at(-1);
    const pastTheDay = since !== null && last?.confirmedAt != null && Date.parse(last.confirmedAt) < since;
    if (page >= result.pagination.totalPages || pastTheDay || latest) break;
  }
  const restarted = since === null ? null : venueClockTime(new Date(since).toISOString(), timezone);
  const today = restarted === null ? '' : ` today (tickets started again at ${restarted})`;
  const earlier = latest ? `; an earlier day's #${ticketNumber} is ${orderName(latest)}: give its id` : '';
  throw new CliError(`no order #${ticketNumber}${today}${earlier}`);
}

/** The order a person means, or a clear error. */
export async function resolveOrder(client: PosClient, value: string): Promise<ChosenOrder> {
  const ref = parseOrderRef(value);
  switch (ref.kind) {
    case 'ticket':
      return byTicket(client, ref.ticketNumber);
    case 'id': {
      const order = await byId(client, ref.id);
      if (!order) throw new CliError(`no order with id ${ref.id} (for a ticket number write #${ref.id})`);
      return order;
    }
    case 'code': {
      const order = await byCode(client, ref.code);
      if (!order) throw new CliError(`no order with the display code ${ref.code}`);
      return order;
    }
    case 'code-or-id': {
      const [asCode, asId] = await Promise.all([byCode(client, ref.code), byId(client, ref.id)]);
      if (asCode && asId && asCode.id !== asId.id) {
        throw new CliError(
          `"${value}" is both the display code of ${orderName(asCode)} and the id of ${orderName(asId)}: ` +
            `write id:${ref.id} for the id, or #<ticket number>`,
        );
      }
      const order = asCode ?? asId;
      if (!order) throw new CliError(`no order with the display code or id ${value}`);
      return order;
    }
  }
}
