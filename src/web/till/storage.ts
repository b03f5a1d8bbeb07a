import { createStore, get, set } from 'idb-keyval';
import { EMPTY_OUTBOX, type Outbox } from './outbox.js';

// What the tablet keeps: the outbox in IndexedDB (survives a reload and a restart, written before each send), the
// rest (session, register, language, menu, the order on screen) in localStorage.

const store = createStore('pos-till', 'state');

/** The outbox kept on this tablet; an empty one when the browser has no IndexedDB (the till still sells). */
export async function loadOutbox(): Promise<Outbox> {
  try {
    return (await get<Outbox>('outbox', store)) ?? EMPTY_OUTBOX;
  } catch {
    return EMPTY_OUTBOX;
  }
}

let saving: Promise<void> = Promise.resolve();

/** Writes are chained, so the last state written is the last state made. */
export function saveOutbox(outbox: Outbox): Promise<void> {
  saving = saving.then(() => set('outbox', outbox, store)).catch(() => undefined);
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
