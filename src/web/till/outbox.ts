import type { Cart, OrderBody, Shortage } from './cart.js';
import type { Paid } from './settle.js';

// The outbox: every paid order goes through it, online or not. Pure state and transitions (unit-tested); the
// IndexedDB store and the sender around it are thin. The rules a cashier relies on:
// - an entry is made once, when the payment is confirmed, with its Idempotency-Key: however many times it is sent
//   (retries, a reload mid-send, two tabs), the server makes one order of it;
// - entries are sent one at a time, oldest first;
// - a refusal (the server answered and will answer the same again: a food sold out meanwhile) is kept with its
//   reason until the cashier sends it again or gives it up; it does not hold back the entries behind it;
// - "could not reach the server", a 401 or a 5xx leave the entry waiting, to be sent again by itself.

export type EntryState = 'waiting' | 'sending' | 'sent' | 'refused';

export interface OrderResult {
  id: number;
  displayCode: string;
  ticketNumber: number | null;
}

export interface OutboxEntry {
  key: string;
  createdAt: string;
  /** Sent only with this user's session: the server scopes an Idempotency-Key by who sends it. */
  userId: string | null;
  username: string;
  body: OrderBody;
  /**
   * `cents` since the client writes the amounts out itself; an entry left by an older till has none, and its body's
   * amounts are as the wire writes them (7.5): read back into cents before it is sent (`bodyInCents`).
   */
  amounts?: 'cents';
  /** Food names by id: a refusal names foods by id, the cashier reads names. */
  names: Record<string, string>;
  totalCents: number;
  state: EntryState;
  attempts: number;
  lastError?: string;
  /** `code`: the server's error code, which the till says in the cashier's language (an older till's has none). */
  refusal?: { status: number; message: string; code?: string; shortages?: Shortage[] };
  result?: OrderResult;
  /** The order as it was on screen: a refused one can be put back to change it (take off what ran out). */
  cart?: Cart;
  /** What the customer paid and handed over: a refused order is settled from it (tills before it kept none). */
  paid?: Paid;
}

export interface Outbox {
  entries: OutboxEntry[];
}

export const EMPTY_OUTBOX: Outbox = { entries: [] };

/**
 * The entry's body with its amounts in cents, however old the till that wrote it. An older entry is read with the
 * schema's money codec, which comes with zod after the page's first paint (src/web/shared/lazy-client.ts).
 */
export async function bodyInCents(entry: Pick<OutboxEntry, 'body' | 'amounts'>): Promise<OrderBody> {
  if (entry.amounts === 'cents') return entry.body;
  const [{ decodeMoney }, { CreateOrderInput }] = await Promise.all([
    import('../../api/money-codec.js'),
    import('../../api/orders.js'),
  ]);
  return decodeMoney(CreateOrderInput, entry.body) as OrderBody;
}

/** Sent entries are kept a while for the orders list on the tablet, then dropped. */
export const KEEP_SENT = 30;

function update(
  outbox: Outbox,
  key: string,
  from: readonly EntryState[],
  change: (entry: OutboxEntry) => OutboxEntry,
): Outbox {
  let changed = false;
  const entries = outbox.entries.map((entry) => {
    if (entry.key !== key || !from.includes(entry.state)) return entry;
    changed = true;
    return change(entry);
  });
  return changed ? { entries } : outbox;
}

export function enqueue(outbox: Outbox, entry: Omit<OutboxEntry, 'state' | 'attempts'>): Outbox {
  if (outbox.entries.some((existing) => existing.key === entry.key)) return outbox;
  return { entries: [...outbox.entries, { ...entry, state: 'waiting', attempts: 0 }] };
}

/** The entry to send now: the oldest waiting one of this user, unless one is being sent. */
export function nextToSend(outbox: Outbox, userId: string | null): OutboxEntry | null {
  if (outbox.entries.some((entry) => entry.state === 'sending')) return null;
  return outbox.entries.find((entry) => entry.state === 'waiting' && entry.userId === userId) ?? null;
}

export function started(outbox: Outbox, key: string): Outbox {
  return update(outbox, key, ['waiting'], (entry) => ({ ...entry, state: 'sending', attempts: entry.attempts + 1 }));
}

export function succeeded(outbox: Outbox, key: string, result: OrderResult): Outbox {
  const next = update(outbox, key, ['sending', 'waiting'], (entry) => {
    // The order's screen copy is only needed to change a refused order: a sent one keeps the outbox light.
    const { lastError: _error, refusal: _refusal, cart: _cart, ...rest } = entry;
    return { ...rest, state: 'sent', result };
  });
  const sent = next.entries.filter((entry) => entry.state === 'sent');
  if (sent.length <= KEEP_SENT) return next;
  const drop = new Set(sent.slice(0, sent.length - KEEP_SENT).map((entry) => entry.key));
  return { entries: next.entries.filter((entry) => !drop.has(entry.key)) };
}

/** Not reached, timed out, 401, 5xx: back to waiting, sent again later with the same key. */
export function failed(outbox: Outbox, key: string, reason: string): Outbox {
  return update(outbox, key, ['sending'], (entry) => ({ ...entry, state: 'waiting', lastError: reason }));
}

/** The server refused it for good (4xx): kept with the reason until the cashier decides. */
export function refused(
  outbox: Outbox,
  key: string,
  status: number,
  message: string,
  shortages: Shortage[] = [],
  code?: string,
): Outbox {
  const refusal = { status, message, ...(code ? { code } : {}), ...(shortages.length ? { shortages } : {}) };
  return update(outbox, key, ['sending'], (entry) => ({ ...entry, state: 'refused', refusal }));
}

/** The cashier sends a refused order again (the food is back): same key, same body. */
export function retry(outbox: Outbox, key: string): Outbox {
  return update(outbox, key, ['refused'], (entry) => {
    const { refusal: _refusal, ...rest } = entry;
    return { ...rest, state: 'waiting' };
  });
}

/** The cashier gives up a refused order (the money goes back): it leaves the tablet. */
export function discard(outbox: Outbox, key: string): Outbox {
  const entries = outbox.entries.filter((entry) => !(entry.key === key && entry.state === 'refused'));
  return entries.length === outbox.entries.length ? outbox : { entries };
}

/** After a reload: an entry caught mid-send may or may not have arrived; the key makes sending it again safe. */
export function recover(outbox: Outbox): Outbox {
  return {
    entries: outbox.entries.map((entry) => (entry.state === 'sending' ? { ...entry, state: 'waiting' } : entry)),
  };
}

/** What the entry was paid with; an entry of an older till knows its method and total, not the cash handed over. */
export function paidOf(entry: OutboxEntry): Paid {
  return entry.paid ?? { method: entry.body.confirm.paymentMethod, totalCents: entry.totalCents, receivedCents: null };
}

/**
 * The server's reason as it came, food ids replaced by the names on the order: only for a refusal kept by an older
 * till, which did not keep the code (the till says a coded refusal in the cashier's language, RefusalText).
 */
export function refusalText(entry: OutboxEntry): string {
  let text = entry.refusal?.message ?? '';
  for (const [id, name] of Object.entries(entry.names ?? {})) text = text.split(id).join(name);
  return text;
}

/**
 * What a transition changed, entry by entry (transitions keep every entry they do not touch as it was): the tablet
 * stores each entry on its own, so two tabs of the till never write over each other's orders.
 */
export function changesBetween(before: Outbox, after: Outbox): { put: OutboxEntry[]; remove: string[] } {
  const was = new Map(before.entries.map((entry) => [entry.key, entry]));
  const now = new Set(after.entries.map((entry) => entry.key));
  return {
    put: after.entries.filter((entry) => was.get(entry.key) !== entry),
    remove: before.entries.filter((entry) => !now.has(entry.key)).map((entry) => entry.key),
  };
}

/** Entries as they were paid: the order they are sent in, whichever tab stored them. */
export function inPaidOrder(entries: OutboxEntry[]): Outbox {
  return { entries: [...entries].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.key.localeCompare(b.key)) };
}

export function countWaiting(outbox: Outbox): number {
  return outbox.entries.filter((entry) => entry.state === 'waiting' || entry.state === 'sending').length;
}

export function refusedEntries(outbox: Outbox): OutboxEntry[] {
  return outbox.entries.filter((entry) => entry.state === 'refused');
}

/** An Idempotency-Key from the browser's random source (crypto.randomUUID needs https; this works on http). */
export function newKey(random: (bytes: Uint8Array) => Uint8Array = (bytes) => crypto.getRandomValues(bytes)): string {
  const bytes = random(new Uint8Array(16));
  return `till-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}
