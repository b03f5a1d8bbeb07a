import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { z } from 'zod';
import type { Banner } from '../../api/banners.js';
import type { DisplayState } from '../../api/display.js';
import { ApiError, PosClient } from '../../client/index.js';
import type { Locale, MessageKey } from '../../i18n/translate.js';
import { createChime } from '../shared/chime.js';
import { textOn } from '../shared/contrast.js';
import { loadCatalog } from '../shared/catalogs.js';
import { texts, TextsContext } from '../shared/locale.js';
import { followVenueLocale, initialLocale, showLocale } from '../shared/page-locale.js';
import { useChannel } from '../shared/use-channel.js';
import {
  applyEvent,
  boardFromState,
  EMPTY_BOARD,
  emptyColumn,
  preparingOrder,
  readyOrder,
  sameOrders,
  type Board,
} from './board.js';
import { Column, type Area } from './Column.js';
import { STRIP_MIN_SHARE, splitReady } from './ageing.js';
import { Strip } from './Strip.js';

// The ready-number screen at /display?key=<display key>: the state once (GET /v1/display/state), then the display
// channel from exactly that position, through the typed client and the live channel all the apps share. It says
// "reconnecting…" (never a raw error) while the server is away and starts over from the state when told to
// (resync), after a drop, or when the half-minute check finds the screen and the server apart twice in a row.

type BannerData = z.infer<typeof Banner>;
type Connection = { key: MessageKey; cls: '' | 'live' | 'offline' };

const params = new URLSearchParams(location.search);
const displayKey = params.get('key') || '';
const chime = createChime();
// Sizes come from the screen: the smallest numbers still read from 5 m on a 43" TV (10.5% of the screen's height
// for "Ready": digits of 4 cm; 7.5% for "Preparing"); few orders get much larger tiles.
const MIN_FONT = { preparing: 0.075, ready: 0.105 } as const;
const RETRY_MS = 3000;

/** The strip's list width, measured whenever it changes (it comes and goes with the aged orders). */
function useWidth(): [number, (element: HTMLElement | null) => void] {
  const [width, setWidth] = useState(0);
  const observer = useMemo(
    () =>
      new ResizeObserver((entries) => {
        for (const entry of entries) setWidth(entry.contentRect.width);
      }),
    [],
  );
  useEffect(() => () => observer.disconnect(), [observer]);
  const observe = useCallback(
    (element: HTMLElement | null) => {
      observer.disconnect();
      if (element) observer.observe(element);
    },
    [observer],
  );
  return [width, observe];
}

/** Each column's inner size, measured whenever it changes (the window, the banner strip coming and going). */
function useAreas(): [Record<'preparing' | 'ready', Area>, (element: HTMLElement | null) => void] {
  const [areas, setAreas] = useState<Record<'preparing' | 'ready', Area>>({
    preparing: { width: 0, height: 0 },
    ready: { width: 0, height: 0 },
  });
  const observer = useMemo(
    () =>
      new ResizeObserver((entries) => {
        setAreas((now) => {
          const next = { ...now };
          for (const entry of entries) {
            const list = entry.target.querySelector('ol') as HTMLElement | null;
            const id = list?.id as 'preparing' | 'ready' | undefined;
            if (list && id) next[id] = { width: list.clientWidth, height: list.clientHeight };
          }
          return next;
        });
      }),
    [],
  );
  useEffect(() => () => observer.disconnect(), [observer]);
  const observe = useCallback((element: HTMLElement | null) => element && observer.observe(element), [observer]);
  return [areas, observe];
}

export function App() {
  const [locale, setLocale] = useState<Locale>(initialLocale);
  const text = useMemo(() => texts(locale), [locale]);
  // The server's clock as the TV estimates it (each answer's Date header): ready orders age by it, not by the TV's
  // own clock, which may be wrong.
  const offset = useRef(0);
  const client = useMemo(
    () =>
      new PosClient({
        baseUrl: '',
        token: () => displayKey,
        timeoutMs: 15_000,
        fetch: async (input, init) => {
          const response = await fetch(input, init);
          const date = Date.parse(response.headers.get('date') ?? '');
          if (!Number.isNaN(date)) offset.current = date - Date.now();
          return response;
        },
      }),
    [],
  );
  const [pickupAfter, setPickupAfter] = useState(0);
  const [stripWidth, observeStrip] = useWidth();
  const [board, setBoard] = useState<Board>(EMPTY_BOARD);
  const [banners, setBanners] = useState<BannerData[]>([]);
  const [connection, setConnection] = useState<Connection>({
    key: displayKey ? 'display.connecting' : 'display.needKey',
    cls: displayKey ? '' : 'offline',
  });
  const [from, setFrom] = useState<string | null>(null);
  const [restart, setRestart] = useState(0);
  const [clock, setClock] = useState(() => new Date());
  const [bannerIndex, setBannerIndex] = useState(0);
  const [soundLocked, setSoundLocked] = useState(() => chime.locked());
  const [areas, observe] = useAreas();
  const boardNow = useRef(board);
  boardNow.current = board;
  // The position the board includes: events replayed from before it are already in it.
  const floor = useRef(0);
  const retry = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const mismatches = useRef(0);
  const dropped = useRef(false);
  const lastChime = useRef(0);

  useEffect(() => {
    showLocale(locale);
    document.title = text.t('display.title');
  }, [locale, text]);
  // once, at start; the venue's language is shown once its words are loaded
  useEffect(() => void followVenueLocale(locale, (next) => void loadCatalog(next).then(() => setLocale(next))), []);

  const show = useCallback((data: DisplayState) => {
    floor.current = data.lastEventId;
    setBoard((before) => boardFromState(before, data));
    setBanners(data.banners);
  }, []);

  /** The state from the server, then the stream from its position; on failure, again in a few seconds. */
  const load = useCallback(
    (restartStream: boolean) => {
      if (!displayKey) return;
      clearTimeout(retry.current);
      client
        .request<DisplayState>('GET', '/v1/display/state')
        .then((data) => {
          show(data);
          mismatches.current = 0;
          // The venue's minutes before a ready order moves to the strip (kept as they were if this read fails).
          client
            .getVenue()
            .then((venue) => setPickupAfter(venue.pickupAfterMinutes))
            .catch(() => undefined);
          setFrom((now) => (now === null || restartStream ? String(data.lastEventId) : now));
          if (restartStream) setRestart((n) => n + 1);
        })
        .catch((error: unknown) => {
          // Never a raw error ("Failed to fetch") on the TV: the server is away for a moment, or the key is wrong.
          const refused = error instanceof ApiError && (error.status === 401 || error.status === 403);
          setConnection({ key: refused ? 'display.badKey' : 'display.reconnecting', cls: 'offline' });
          retry.current = setTimeout(() => load(restartStream), RETRY_MS);
        });
    },
    [client, show],
  );
  useEffect(() => {
    load(false);
    return () => clearTimeout(retry.current);
  }, [load]);

  useChannel(
    client,
    'display',
    { from, maxRetryMs: RETRY_MS, restartKey: restart },
    {
      onEvent(event, id) {
        if (event.name === 'resync') return load(true);
        if (Number(id) <= floor.current) return; // already in the state the board was drawn from
        if (event.name === 'venue-changed') setPickupAfter(event.payload.pickupAfterMinutes);
        const next = applyEvent(boardNow.current, event, Date.now() + offset.current);
        boardNow.current = next.board;
        setBoard(next.board);
        // The newest ready number is called with a chime; a burst (a replay after a drop) rings once.
        if (next.called && Date.now() - lastChime.current >= 1500) {
          lastChime.current = Date.now();
          chime.play();
        }
      },
      onConnected() {
        setConnection({ key: 'display.live', cls: 'live' });
        if (dropped.current) load(false); // back after a drop: the replay brings the events, the state makes sure
        dropped.current = false;
      },
      onDisconnected() {
        dropped.current = true;
        setConnection({ key: 'display.reconnecting', cls: 'offline' });
      },
      onFatal(status) {
        setConnection({
          key: status === 401 || status === 403 ? 'display.badKey' : 'display.reconnecting',
          cls: 'offline',
        });
      },
    },
  );

  // Every half minute the screen is compared with the server (and the banners read again): a stream that died
  // without closing (Wi-Fi gone) shows as a difference, and after two in a row the page starts over.
  useEffect(() => {
    if (!displayKey) return;
    const timer = setInterval(() => {
      client
        .request<DisplayState>('GET', '/v1/display/state')
        .then((data) => {
          setBanners(data.banners);
          if (sameOrders(boardNow.current, data)) mismatches.current = 0;
          else if (++mismatches.current >= 2) load(true);
        })
        .catch(() => setConnection({ key: 'display.reconnecting', cls: 'offline' }));
    }, 30_000);
    return () => clearInterval(timer);
  }, [client, load]);

  useEffect(() => {
    const timer = setInterval(() => setClock(new Date()), 10_000);
    return () => clearInterval(timer);
  }, []);
  // ?rotate=<seconds> sets how long each banner stays (default 10).
  useEffect(() => {
    const seconds = Math.max(3, Number(params.get('rotate')) || 10);
    const timer = setInterval(() => setBannerIndex((n) => n + 1), seconds * 1000);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => chime.onLockChange(setSoundLocked), []);

  const banner = banners.length ? (banners[bannerIndex % banners.length] as BannerData) : null;
  // Black or white text, whichever contrasts more with the banner's colour (WCAG, always at least 4.5:1).
  const ink = banner ? textOn(banner.color) : null;
  const screenHeight = window.innerHeight;
  // On a screen upright (a phone) the height would ask for numbers wider than the screen: the width bounds them too.
  const minFont = (share: number) => Math.min(screenHeight * share, window.innerWidth * 0.095);
  // Ready orders not collected after the venue's minutes leave the big tiles for the strip (re-judged with the clock).
  const { fresh, aged } = splitReady(readyOrder(board.ready.values()), clock.getTime() + offset.current, pickupAfter);
  const onTiles: Board = { ...board, ready: new Map(fresh.map((order) => [order.id, order])) };
  const stripFont = Math.max(screenHeight * STRIP_MIN_SHARE * 1.05, 14);
  const meta = banner ? [banner.website, banner.social1, banner.social2].filter(Boolean).join('  ·  ') : '';
  return (
    <TextsContext.Provider value={text}>
      <header>
        <span id="clock">{clock.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })}</span>
        {/* Browsers play sound only after a tap: said in the corner until then (docs/display.md for kiosks). */}
        <span id="sound" hidden={!chime.enabled || !soundLocked}>
          {text.t('screen.tapForSound')}
        </span>
        <span id="connection" className={connection.cls}>
          {text.t(connection.key)}
        </span>
      </header>
      <main data-empty={emptyColumn(onTiles)}>
        <section ref={observe}>
          <h2 id="preparing-title">{text.t('display.preparing')}</h2>
          <Column
            id="preparing"
            orders={preparingOrder(board.preparing.values())}
            newest={null}
            area={areas.preparing}
            screenHeight={screenHeight}
            minFont={minFont(MIN_FONT.preparing)}
          />
        </section>
        <section ref={observe}>
          <h2 id="ready-title">{text.t('display.ready')}</h2>
          <Column
            id="ready"
            orders={fresh}
            newest={board.newest}
            area={areas.ready}
            screenHeight={screenHeight}
            minFont={minFont(MIN_FONT.ready)}
          />
        </section>
      </main>
      {aged.length > 0 && (
        <Strip
          orders={aged}
          width={stripWidth}
          font={stripFont}
          gap={Math.round(screenHeight * 0.012)}
          rows={screenHeight > window.innerWidth ? 2 : 1}
          listRef={observeStrip}
        />
      )}
      <footer
        id="banner"
        className={banner && ink ? ink.background : 'empty'}
        style={banner && ink ? { background: `#${banner.color}`, color: ink.color } : undefined}
      >
        {banner?.image && <img src={banner.image} alt={banner.title} />}
        {banner && (
          <div>
            <div className="title">{banner.title}</div>
            {banner.description && <div className="description">{banner.description}</div>}
            {meta && <div className="meta">{meta}</div>}
          </div>
        )}
      </footer>
    </TextsContext.Provider>
  );
}
