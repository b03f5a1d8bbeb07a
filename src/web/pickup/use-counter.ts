import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { PickupOrder, PickupState } from '../../api/pickup.js';
import { ApiError, type PosClient } from '../../client/index.js';
import { errorKey } from '../../i18n/translate.js';
import type { Texts } from '../shared/locale.js';
import { useChannel } from '../shared/use-channel.js';
import { judge, readCode, refusalText } from './scan.js';

// The pickup counter's life: its state (GET /v1/pickup/state), read again after each event of the display channel
// (an order ready, handed out, taken back, cancelled), the hand-outs with their 10-second undo, and the scan field's
// verdicts, judged on a state read at that moment (the order may have come out of the kitchen a second ago).

const UNDO_MS = 10_000;
const RETRY_MS = 3000;
/** Events come in bursts (a station done, then the order complete): one read after the burst. */
const RELOAD_AFTER_MS = 150;

export type Connection = 'connecting' | 'live' | 'offline';
export interface Message {
  text: string;
  tone: 'ok' | 'refused';
  /** A new message with the same words is still announced. */
  serial: number;
}
export interface Undoable {
  order: PickupOrder;
  until: number;
}

export interface Counter {
  ready: PickupOrder[];
  loaded: boolean;
  connection: Connection;
  message: Message | null;
  undos: Undoable[];
  handOut(order: PickupOrder): Promise<void>;
  undo(order: PickupOrder): Promise<void>;
  scan(text: string): Promise<void>;
}

export function useCounter(client: PosClient, text: Texts, onRefused: () => void): Counter {
  const [state, setState] = useState<PickupState | null>(null);
  const [from, setFrom] = useState<string | null>(null);
  const [connection, setConnection] = useState<Connection>('connecting');
  const [message, setMessage] = useState<Message | null>(null);
  const [undos, setUndos] = useState<Undoable[]>([]);
  // Handed out here and not yet gone from a state read since: the tile goes at the tap.
  const [leaving, setLeaving] = useState<ReadonlySet<number>>(new Set());
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  const reloadTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const dropped = useRef(false);
  const serial = useRef(0);
  const refused = useRef(onRefused);
  refused.current = onRefused;

  const later = useCallback((ms: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      run();
    }, ms);
    timers.current.add(timer);
  }, []);
  useEffect(() => {
    const all = timers.current;
    return () => {
      for (const timer of all) clearTimeout(timer);
      clearTimeout(reloadTimer.current);
    };
  }, []);

  const say = useCallback((words: string, tone: Message['tone']) => {
    serial.current += 1;
    setMessage({ text: words, tone, serial: serial.current });
  }, []);

  const show = useCallback((next: PickupState) => {
    setState(next);
    setFrom((now) => now ?? String(next.lastEventId));
    setLeaving((now) => {
      const stillReady = new Set(next.ready.map((order) => order.id));
      const kept = [...now].filter((id) => stillReady.has(id));
      return kept.length === now.size ? now : new Set(kept);
    });
  }, []);

  const isRefusal = (error: unknown) => error instanceof ApiError && (error.status === 401 || error.status === 403);

  const load = useCallback(async (): Promise<PickupState | null> => {
    try {
      const next = await client.pickupState();
      show(next);
      return next;
    } catch (error) {
      if (isRefusal(error)) refused.current();
      else {
        setConnection('offline');
        later(RETRY_MS, () => void load());
      }
      return null;
    }
  }, [client, show, later]);
  useEffect(() => void load(), [load]);

  const reloadSoon = useCallback(() => {
    clearTimeout(reloadTimer.current);
    reloadTimer.current = setTimeout(() => void load(), RELOAD_AFTER_MS);
  }, [load]);

  useChannel(
    client,
    'display',
    { from, maxRetryMs: RETRY_MS },
    {
      onEvent: () => reloadSoon(),
      onConnected() {
        setConnection('live');
        if (dropped.current) reloadSoon(); // the replay brings the events; the state makes sure
        dropped.current = false;
      },
      onDisconnected() {
        dropped.current = true;
        setConnection('offline');
      },
      onFatal: (status) => (status === 401 || status === 403 ? refused.current() : setConnection('offline')),
    },
  );

  const handOut = useCallback(
    async (order: PickupOrder) => {
      setLeaving((now) => new Set([...now, order.id]));
      try {
        await client.setOrderStatus(order.id, 'picked_up');
        say(text.t('pickup.handedOut', { code: order.displayCode }), 'ok');
        const entry = { order, until: Date.now() + UNDO_MS };
        setUndos((now) => [entry, ...now.filter((each) => each.order.id !== order.id)]);
        later(UNDO_MS, () => setUndos((now) => now.filter((each) => each !== entry)));
      } catch (error) {
        setLeaving((now) => new Set([...now].filter((id) => id !== order.id)));
        if (error instanceof ApiError && error.status === 403) {
          // No longer ready (taken back to the kitchen, handed out at another counter): say why, as for a scan.
          const fresh = await load();
          const verdict = fresh ? judge(fresh, order.displayCode) : null;
          say(
            verdict && verdict.kind !== 'ready' ? refusalText(verdict, text) : text.t(errorKey(error.code)),
            'refused',
          );
        } else if (error instanceof ApiError) say(text.t(errorKey(error.code)), 'refused');
        else say(text.t('pickup.notSent'), 'refused');
      }
      reloadSoon();
    },
    [client, text, say, later, load, reloadSoon],
  );

  const undo = useCallback(
    async (order: PickupOrder) => {
      try {
        await client.setOrderStatus(order.id, 'completed');
        setLeaving((now) => new Set([...now].filter((id) => id !== order.id)));
        setUndos((now) => now.filter((each) => each.order.id !== order.id));
        say(text.t('pickup.undone', { code: order.displayCode }), 'ok');
      } catch (error) {
        say(error instanceof ApiError ? text.t(errorKey(error.code)) : text.t('pickup.notSent'), 'refused');
      }
      reloadSoon();
    },
    [client, text, say, reloadSoon],
  );

  const scan = useCallback(
    async (typed: string) => {
      const code = readCode(typed);
      if (code === null) return say(text.t('pickup.unknownCode'), 'refused');
      // Judged on the state of this moment; without the server, on the last one read (and the PATCH then says).
      const fresh = (await load()) ?? state;
      const verdict = judge(fresh ?? { ready: [], preparing: [], pickedUp: [] }, code);
      if (verdict.kind === 'ready') return handOut(verdict.order);
      say(refusalText(verdict, text), 'refused');
    },
    [load, state, text, say, handOut],
  );

  const ready = useMemo(() => (state?.ready ?? []).filter((order) => !leaving.has(order.id)), [state, leaving]);
  return { ready, loaded: state !== null, connection, message, undos, handOut, undo, scan };
}
