import { CHANNEL_EVENTS, type ChannelEvents, type EventChannelName } from '../api/events.js';
import { decodeMoney } from '../api/money-codec.js';
import type { PosClient } from './http.js';
import { streamEvents, type StreamOptions } from './sse.js';

export interface ChannelOptions<C extends EventChannelName> {
  signal: AbortSignal;
  /** Each event typed by its channel's union in src/api/events.ts. */
  onEvent(event: ChannelEvents[C], id: string): void;
  onStatus?: StreamOptions['onStatus'];
  onFatal?: StreamOptions['onFatal'];
  lastEventId?: string;
  idleTimeoutMs?: number;
  maxRetryMs?: number;
}

/**
 * Follows `/events/{channel}` until aborted: reconnects with Last-Event-ID by itself, hands over each event as the
 * channel's typed union, its amounts in cents. A frame that is not JSON is skipped (a proxy's noise must not stop a
 * till), and so is one whose amounts are not amounts.
 */
export function readChannel<C extends EventChannelName>(
  client: PosClient,
  channel: C,
  options: ChannelOptions<C>,
): Promise<void> {
  return streamEvents({
    url: client.url(`/events/${channel}`),
    headers: async () => client.headers(),
    signal: options.signal,
    lastEventId: options.lastEventId,
    idleTimeoutMs: options.idleTimeoutMs,
    maxRetryMs: options.maxRetryMs,
    onStatus: options.onStatus,
    onFatal: options.onFatal,
    onEvent(frame) {
      let event: ChannelEvents[C];
      try {
        const payload = JSON.parse(frame.data) as unknown;
        event = decodeMoney(CHANNEL_EVENTS[channel], { name: frame.event, payload }) as ChannelEvents[C];
      } catch {
        return;
      }
      options.onEvent(event, frame.lastEventId);
    },
  });
}
