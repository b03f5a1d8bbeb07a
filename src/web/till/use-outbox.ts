import { useCallback, useEffect, useRef, useState } from 'react';
// ApiError from its own module: the client's index brings zod, which the page loads after its first paint.
import { ApiError } from '../../client/errors.js';
import type { PosClient } from '../../client/index.js';
import * as box from './outbox.js';
import { shortagesIn, unavailableIn } from './refusal.js';
import { loadOutbox, saveOutbox } from './storage.js';

/** Short enough that a dead Wi-Fi is noticed while the customer waits; the key makes the retry safe. */
const SEND_TIMEOUT_MS = 8000;
const RETRY_MS = [1000, 2000, 4000, 8000];

/**
 * The outbox on this tablet and its sender: every paid order is written to IndexedDB as it is sent, and sent in
 * order by itself, again and again until the server answers (online, after a reconnection, after a reload).
 */
export function useOutbox(client: PosClient, userId: string | null, onUnauthorized: () => void) {
  const [outbox, setOutbox] = useState<box.Outbox | null>(null);
  const current = useRef<box.Outbox | null>(null);
  // Resolved once the outbox is read from the tablet: an order paid in the first instant waits for it, never lost.
  const loaded = useRef<{ promise: Promise<void>; resolve(): void } | null>(null);
  if (!loaded.current) {
    let resolve = () => undefined as void;
    const promise = new Promise<void>((done) => (resolve = done));
    loaded.current = { promise, resolve };
  }
  const busy = useRef(false);
  const retryTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const failures = useRef(0);
  const user = useRef(userId);
  user.current = userId;
  const unauthorized = useRef(onUnauthorized);
  unauthorized.current = onUnauthorized;

  const apply = useCallback((change: (outbox: box.Outbox) => box.Outbox): Promise<void> => {
    if (!current.current) return Promise.resolve();
    const before = current.current;
    current.current = change(before);
    setOutbox(current.current);
    return saveOutbox(before, current.current);
  }, []);

  const pump = useCallback(async () => {
    if (busy.current || !current.current) return;
    busy.current = true;
    clearTimeout(retryTimer.current);
    try {
      for (;;) {
        const entry = current.current && box.nextToSend(current.current, user.current);
        if (!entry) break;
        // The entry is on disk since it was paid; "sending" is written on the way (writes are chained, in order), not
        // waited for: after a reload a "sending" entry is sent again anyway, with the same key.
        void apply((o) => box.started(o, entry.key));
        try {
          const created = await client.createOrder(await box.bodyInCents(entry), entry.key, SEND_TIMEOUT_MS);
          failures.current = 0;
          await apply((o) =>
            box.succeeded(o, entry.key, {
              id: created.id,
              displayCode: created.displayCode,
              ticketNumber: created.ticketNumber,
            }),
          );
        } catch (error) {
          if (error instanceof ApiError && error.final) {
            const short = shortagesIn(error.status, error.body);
            const off = short.length ? [] : unavailableIn(error, entry.body.orderItems, entry.names);
            await apply((o) =>
              box.refused(o, entry.key, error.status, error.message, short.length ? short : off, error.code),
            );
            continue;
          }
          await apply((o) => box.failed(o, entry.key, (error as Error).message));
          if (error instanceof ApiError && error.unauthorized) {
            unauthorized.current();
            break; // sent again after the cashier logs in
          }
          const delay = RETRY_MS[Math.min(failures.current, RETRY_MS.length - 1)] as number;
          failures.current += 1;
          retryTimer.current = setTimeout(() => void pump(), delay);
          break;
        }
      }
    } finally {
      busy.current = false;
    }
  }, [apply, client]);

  useEffect(() => {
    let cancelled = false;
    const ready = loaded.current!;
    void loadOutbox().then((stored) => {
      if (cancelled) return;
      current.current = box.recover(stored);
      setOutbox(current.current);
      ready.resolve();
      void pump();
    });
    const online = () => {
      failures.current = 0;
      void pump();
    };
    window.addEventListener('online', online);
    return () => {
      cancelled = true;
      window.removeEventListener('online', online);
      clearTimeout(retryTimer.current);
    };
  }, [pump]);

  // A new session (log in after a 401) sends what waited for it.
  useEffect(() => {
    if (userId) void pump();
  }, [userId, pump]);

  const enqueue = useCallback(
    async (entry: Omit<box.OutboxEntry, 'state' | 'attempts'>) => {
      await loaded.current!.promise;
      // The write and the request start in the same instant: waiting for the write first cost a tap ~10 ms (the
      // browser answers IndexedDB after the next frame) and gained nothing, since the order is as safe either way
      // (a tablet that dies before the write completes has lost it in both cases, unless the request got out).
      // The caller still waits for the write: "done" on screen means saved on the tablet.
      const saved = apply((o) => box.enqueue(o, entry));
      void pump();
      await saved;
    },
    [apply, pump],
  );
  const retry = useCallback(
    async (key: string) => {
      await apply((o) => box.retry(o, key));
      void pump();
    },
    [apply, pump],
  );
  const discard = useCallback((key: string) => apply((o) => box.discard(o, key)), [apply]);
  const kick = useCallback(() => {
    failures.current = 0;
    void pump();
  }, [pump]);

  return { outbox, enqueue, retry, discard, kick };
}
