import { createStore, entries, promisifyRequest } from 'idb-keyval';
import { changesBetween, EMPTY_OUTBOX, inPaidOrder, type Outbox, type OutboxEntry } from './outbox.js';

// What the tablet keeps: the outbox in IndexedDB (survives a reload and a restart, written as each order is paid),
// the rest (session, register, language, menu, the order on screen) in localStorage.
//
// Each outbox entry is its own record (`entry:<Idempotency-Key>`): two tabs of the till on one tablet each write
// only the entries they changed, never a whole outbox over the other's. Before, the whole outbox was one record
// (`outbox`); one left by an older till is still read, and its entries are sent.

const store = createStore('pos-till', 'state');
const ENTRY = 'entry:';
const LEGACY = 'outbox';

/** The outbox kept on this tablet; an empty one when the browser has no IndexedDB (the till still sells). */
export async function loadOutbox(): Promise<Outbox> {
  try {
    const records = await entries<IDBValidKey, unknown>(store);
    const found = new Map<string, OutboxEntry>();
    for (const [key, value] of records) {
      if (typeof key === 'string' && key.startsWith(ENTRY)) found.set(key.slice(ENTRY.length), value as OutboxEntry);
    }
    const legacy = (records.find(([key]) => key === LEGACY)?.[1] as Outbox | undefined)?.entries ?? [];
    const moved = legacy.filter((entry) => !found.has(entry.key));
    if (records.some(([key]) => key === LEGACY)) {
      // Moved into entries and dropped in one transaction, before anything else is written. Should that fail, the
      // old record stays and is read again next time; the orders are sold from memory meanwhile.
      await store('readwrite', (objects) => {
        for (const entry of moved) objects.put(entry, `${ENTRY}${entry.key}`);
        objects.delete(LEGACY);
        return promisifyRequest(objects.transaction);
      }).catch(() => undefined);
    }
    return inPaidOrder([...found.values(), ...moved]);
  } catch {
    return EMPTY_OUTBOX;
  }
}

let saving: Promise<void> = Promise.resolve();

/**
 * Writes what changed from `before` to `after` in one transaction. Writes are chained, so the last state written is
 * the last state made.
 */
export function saveOutbox(before: Outbox, after: Outbox): Promise<void> {
  const { put, remove } = changesBetween(before, after);
  if (put.length === 0 && remove.length === 0) return saving;
  saving = saving
    .then(() =>
      store('readwrite', (objects) => {
        for (const entry of put) objects.put(entry, `${ENTRY}${entry.key}`);
        for (const key of remove) objects.delete(`${ENTRY}${key}`);
        return promisifyRequest(objects.transaction);
      }),
    )
    .catch(() => undefined);
  return saving;
}

export function readLocal<T>(key: string): T | null {
  try {
    const text = localStorage.getItem(`pos.till.${key}`);
    return text === null ? null : (JSON.parse(text) as T);
  } catch {
    return null;
  }
}

export function writeLocal(key: string, value: unknown): void {
  try {
    if (value === null || value === undefined) localStorage.removeItem(`pos.till.${key}`);
    else localStorage.setItem(`pos.till.${key}`, JSON.stringify(value));
  } catch {
    // a full or disabled storage must not stop a sale
  }
}
