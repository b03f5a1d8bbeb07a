import { useEffect, useRef, useState } from 'react';
import type { CashierEvent } from '../../api/events.js';
import type { PosClient } from '../../client/index.js';
import { useChannel } from '../shared/use-channel.js';

export type Connection = 'live' | 'reconnecting' | 'offline';

/**
 * Follows the cashier channel while logged in: sold-out foods, printers, orders. The connection state feeds the
 * status line: "reconnecting" after a drop, "offline" once a few tries failed or the browser says so.
 */
export function useLive(
  client: PosClient,
  token: string | null,
  handlers: { onEvent(event: CashierEvent): void; onConnected(): void; onUnauthorized(): void },
) {
  const [connection, setConnection] = useState<Connection>('reconnecting');
  const latest = useRef(handlers);
  latest.current = handlers;
  const failures = useRef(0);
  // A short Wi-Fi blip fires "offline" and "online" while the event stream itself survives: back online, the
  // stream that is still up is live again (it said "Reconnecting…" until the next drop, with events arriving).
  const streamUp = useRef(false);

  useEffect(() => {
    if (!token) return;
    const goneOffline = () => setConnection('offline');
    const backOnline = () =>
      setConnection((now) => (now === 'offline' ? (streamUp.current ? 'live' : 'reconnecting') : now));
    window.addEventListener('offline', goneOffline);
    window.addEventListener('online', backOnline);
    return () => {
      window.removeEventListener('offline', goneOffline);
      window.removeEventListener('online', backOnline);
    };
  }, [token]);

  useChannel(
    token ? client : null,
    'cashier',
    { from: '', maxRetryMs: 5000 },
    {
      onEvent(event) {
        if (navigator.onLine) setConnection('live'); // an event is proof the stream works
        latest.current.onEvent(event);
      },
      onConnected() {
        streamUp.current = true;
        failures.current = 0;
        setConnection('live');
        latest.current.onConnected();
      },
      onDisconnected() {
        streamUp.current = false;
        failures.current += 1;
        setConnection(failures.current >= 3 || !navigator.onLine ? 'offline' : 'reconnecting');
      },
      onFatal(status) {
        if (status === 401) latest.current.onUnauthorized();
      },
    },
  );

  return connection;
}
