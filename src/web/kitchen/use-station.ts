import { useCallback, useEffect, useRef, useState } from 'react';
import type { PrinterEvent } from '../../api/events.js';
import type { StationOrder } from '../../api/stations.js';
import { ApiError, PosClient } from '../../client/index.js';
import { useChannel } from '../shared/use-channel.js';
import { replaceOrder } from './board.js';

export type Connection = 'live' | 'reconnecting';
export type Problem = 'unauthorized' | 'gone' | null;

/**
 * The station's list with the event position it includes (`X-Last-Event-Id`) and the server's clock (`Date`): read
 * through the typed client, whose fetch keeps the answer's headers for these two.
 */
async function fetchStation(
  client: PosClient,
  station: string,
): Promise<{ orders: StationOrder[]; lastEventId: string; offsetMs: number }> {
  let headers: Headers | null = null;
  const reader = new PosClient({
    baseUrl: client.baseUrl,
    token: async () => (await client.headers()).authorization?.replace(/^Bearer /, '') ?? null,
    timeoutMs: 15_000,
    fetch: async (input, init) => {
      const response = await fetch(input, { ...init, cache: 'no-store' });
      headers = response.headers;
      return response;
    },
  });
  const orders = await reader.request<StationOrder[]>('GET', `/v1/stations/${encodeURIComponent(station)}/orders`, {
    query: { include: 'done' },
  });
  const answer = headers as Headers | null;
  // Ages are counted on the server's clock (its Date header), not the tablet's, which may be wrong.
  const serverDate = Date.parse(answer?.get('date') ?? '');
  return {
    orders,
    lastEventId: answer?.get('x-last-event-id') ?? '',
    offsetMs: Number.isNaN(serverDate) ? 0 : serverDate - Date.now(),
  };
}

/**
 * A station's orders, kept live: loaded once, then `/events/printer` followed from the list's event position
 * (reconnecting and replaying by itself); every event that touches this station reloads the list, so the screen
 * is always the server's view. `onNewOrder` fires when an order arrives that this screen had not shown yet.
 */
export function useStation(client: PosClient, station: string, handlers: { onNewOrder(): void }) {
  const [orders, setOrders] = useState<StationOrder[] | null>(null);
  const [connection, setConnection] = useState<Connection>('reconnecting');
  const [problem, setProblem] = useState<Problem>(null);
  const [offsetMs, setOffsetMs] = useState(0);
  const latest = useRef(handlers);
  latest.current = handlers;
  const reload = useRef<() => void>(() => undefined);
  const stopRef = useRef<(why: Problem) => void>(() => undefined);
  const [from, setFrom] = useState<string | null>(null);
  const dropped = useRef(false);

  useEffect(() => {
    const controller = new AbortController();
    const seen = new Set<number>();
    let first = true;
    let streaming = false;
    let loading = false;
    let again = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    setOrders(null);
    setProblem(null);
    setFrom(null);

    const stop = (why: Problem) => {
      setProblem(why);
      setFrom(null); // and the stream with it
      controller.abort();
    };

    const load = async (): Promise<void> => {
      if (controller.signal.aborted) return;
      if (loading) {
        again = true; // one more load after this one: it may have started before the change
        return;
      }
      loading = true;
      try {
        do {
          again = false;
          const answer = await fetchStation(client, station);
          if (controller.signal.aborted) return;
          const fresh = answer.orders.filter((order) => order.stationStatus === 'WAITING' && !seen.has(order.id));
          answer.orders.forEach((order) => seen.add(order.id));
          if (!first && fresh.length > 0) latest.current.onNewOrder();
          first = false;
          setOrders(answer.orders);
          setOffsetMs(answer.offsetMs);
          if (!streaming) {
            streaming = true;
            setFrom(answer.lastEventId); // the stream follows from exactly what this list includes
          }
        } while (again);
      } catch (error) {
        if (error instanceof ApiError && (error.code === 'unauthorized' || error.code === 'forbidden'))
          return stop('unauthorized');
        if (error instanceof ApiError && error.code === 'not-found') return stop('gone');
        // The server is away (restarting, Wi-Fi): say so and try again; the stream, once open, reloads on return.
        setConnection('reconnecting');
        clearTimeout(retry);
        retry = setTimeout(() => void load(), 2000);
      } finally {
        loading = false;
      }
    };
    reload.current = () => void load();
    stopRef.current = stop;

    void load();
    return () => {
      controller.abort();
      clearTimeout(retry);
    };
  }, [client, station]);

  const onEvent = (event: PrinterEvent) => {
    const load = reload.current;
    switch (event.name) {
      case 'confirmed-order': // may route items here: the server knows (food → category → register printer)
      case 'order-table-changed': // a waiter seated an order (it reaches the stations now) or moved it
      case 'resync':
        return load();
      case 'order-station-status-changed':
        if (event.payload.printerId !== station) return;
        // Done elsewhere (another screen of this station, the dashboard): the card goes at once.
        if (event.payload.status === 'DONE') {
          setOrders(
            (list) =>
              list?.map((order) =>
                order.id === event.payload.orderId ? { ...order, stationStatus: 'DONE' } : order,
              ) ?? list,
          );
        }
        return load();
      case 'order-refunded': // units refunded before they were cooked: the card counts them down
        if (!event.payload.printers.includes(station)) return;
        return load();
      case 'order-cancelled':
        if (!event.payload.printers.includes(station)) return;
        setOrders((list) => list?.filter((order) => order.id !== event.payload.orderId) ?? list);
        return load();
      default:
        return;
    }
  };
  useChannel(
    client,
    'printer',
    { from, maxRetryMs: 3000 },
    {
      onEvent,
      onConnected() {
        setConnection('live');
        // Back after a drop (a server restart): the replay brings the events, a reload makes sure.
        if (dropped.current) reload.current();
        dropped.current = false;
      },
      onDisconnected() {
        dropped.current = true;
        setConnection('reconnecting');
      },
      onFatal(status) {
        if (status === 401 || status === 403) stopRef.current('unauthorized');
      },
    },
  );

  /** Marks this station's part DONE or brings it back (WAITING); false when the server could not be reached. */
  const setStatus = useCallback(
    async (orderId: number, status: 'DONE' | 'WAITING'): Promise<boolean> => {
      try {
        const next = await client.request<StationOrder>(
          'PATCH',
          `/v1/orders/${orderId}/stations/${encodeURIComponent(station)}`,
          { body: { status } },
        );
        setOrders((list) => (list ? replaceOrder(list, next) : list));
        return true;
      } catch (error) {
        if (error instanceof ApiError && (error.code === 'unauthorized' || error.code === 'forbidden'))
          setProblem('unauthorized');
        else if (error instanceof ApiError)
          reload.current(); // the order left meanwhile (picked up, cancelled): show what is
        else return false;
        return true;
      }
    },
    [client, station],
  );

  return { orders, connection, problem, offsetMs, setStatus };
}
