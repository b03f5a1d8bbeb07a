import { useEffect, useRef } from 'react';
import type { ChannelEvents, EventChannelName } from '../../api/events.js';
import type { PosClient } from '../../client/index.js';
import { loadClient, realClient } from './lazy-client.js';

export interface ChannelHandlers<C extends EventChannelName> {
  /** Each event typed by its channel's union (src/api/events.ts), with the stream position after it. */
  onEvent(event: ChannelEvents[C], id: string): void;
  /** The stream is up (after the first connection and after every reconnection), or down and retrying. */
  onConnected?(): void;
  onDisconnected?(): void;
  /** A refusal that retrying cannot fix (401, 403): the page asks for a login or says the key is wrong. */
  onFatal?(status: number): void;
}

export interface ChannelOptions {
  /** Where to start: the event position a fetched state includes, so nothing between the two is missed. '' = now. */
  from: string | null;
  /** The longest wait between two tries, and how long a silent stream is trusted before it is opened again. */
  maxRetryMs?: number;
  idleTimeoutMs?: number;
  /** Changed to open the stream again from `from` (a connection that died without closing). */
  restartKey?: number;
}

/**
 * The one live channel of the browser apps (the till's cashier channel, the kitchen's printer channel, the TV's
 * display channel): `/events/{channel}` through the typed client, reconnecting with Last-Event-ID by itself. It
 * follows from `from` while it is not null, and starts over when the client or `from` changes (a new login, a state
 * fetched again after a resync). The handlers are read at each event, so they may change on every render.
 */
export function useChannel<C extends EventChannelName>(
  client: PosClient | null,
  channel: C,
  options: ChannelOptions,
  handlers: ChannelHandlers<C>,
): void {
  const latest = useRef(handlers);
  latest.current = handlers;
  const { from, maxRetryMs = 5000, idleTimeoutMs = 40_000, restartKey = 0 } = options;
  useEffect(() => {
    if (!client || from === null) return;
    const controller = new AbortController();
    // The client's module arrives after the first paint (lazy-client.ts); the stream starts once it is here.
    void Promise.all([loadClient(), realClient(client)]).then(([{ readChannel }, real]) => {
      if (controller.signal.aborted) return;
      return readChannel(real, channel, {
        signal: controller.signal,
        ...(from ? { lastEventId: from } : {}),
        maxRetryMs,
        idleTimeoutMs,
        onEvent: (event, id) => latest.current.onEvent(event, id),
        onStatus(status) {
          if (status.state === 'connected') latest.current.onConnected?.();
          else latest.current.onDisconnected?.();
        },
        onFatal: (status) => latest.current.onFatal?.(status),
      });
    });
    return () => controller.abort();
  }, [client, channel, from, maxRetryMs, idleTimeoutMs, restartKey]);
}
