// The ready-number screen at /display?key=<display key>: loads the state once, then follows /events/display,
// reconnecting and catching up by itself after Wi-Fi drops or a server restart (it says "reconnecting…" meanwhile,
// never a raw error). Tiles grow to fill the screen when there are few orders; the newest ready number is called
// with a chime (`?sound=off`); banner text is black or white by contrast. Typed by src/api; test/e2e/display.test.ts.
import type { z } from 'zod';
import type { Banner } from '../../api/banners.js';
import type { DisplayState } from '../../api/display.js';
import type { DisplayEvent } from '../../api/events.js';
import { createChime } from '../shared/chime.js';
import { textOn } from '../shared/contrast.js';
import { counted, type Locale, type MessageKey, translate } from '../../i18n/index.js';
import { followVenueLocale, initialLocale } from '../shared/page-locale.js';
import './display.css';
import { preparingOrder, readyOrder, readyShown, recalledAt, type Shown } from './board.js';
import { layoutTiles } from './tiles.js';

type BannerData = z.infer<typeof Banner>;

const params = new URLSearchParams(location.search);
const key = params.get('key') || '';
// Orders keep the server's order: `at` is the server's time of their last change (state), or for a change heard
// on the stream, just after the latest one known (events are newer than everything already known). The TV's own
// clock is never compared with the server's.
const state: { preparing: Map<number, Shown>; ready: Map<number, Shown>; banners: BannerData[]; newest: number | null } = {
  preparing: new Map(),
  ready: new Map(),
  banners: [],
  newest: null,
};
let source: EventSource | null = null;
const chime = createChime();
// The venue's language (`pos serve --locale`) unless this TV was given `?lang=` (remembered).
let locale: Locale = initialLocale();
const t = (key: MessageKey, values?: Record<string, string | number>) => translate(locale, key, values);
let connection: { text: () => string; cls: string } = { text: () => t('display.connecting'), cls: '' };
// The newest ready number is called with a chime; a burst (a replay after a drop) rings once.
let lastChime = 0;
function call(): void {
  if (Date.now() - lastChime < 1500) return;
  lastChime = Date.now();
  chime.play();
}
let retryTimer: ReturnType<typeof setTimeout> | null = null;

const byId = (id: string) => document.getElementById(id) as HTMLElement;

function el(tag: string, cls?: string, text?: string | null): HTMLElement {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text != null) e.textContent = text;
  return e;
}

function setConnection(text: () => string, cls = ''): void {
  connection = { text, cls };
  const c = byId('connection');
  c.textContent = text();
  c.className = cls;
}

function applyTexts(): void {
  document.title = t('display.title');
  byId('preparing-title').textContent = t('display.preparing');
  byId('ready-title').textContent = t('display.ready');
  setConnection(connection.text, connection.cls);
}

// Sizes come from the screen, not from fixed pixels: the smallest numbers still read from 5 m on a 43" TV (10% of
// the screen's height for "Ready": digits about 4 cm tall, codes 2.5 cm; 7.5% for "Preparing"), and few orders get
// much larger tiles.
const MIN_FONT = { preparing: 0.075, ready: 0.105 } as const;

function render(): void {
  // A column with nothing in it gives its room to the other (a black 40 % of the screen helps nobody).
  const empty = state.preparing.size === 0 && state.ready.size > 0 ? 'preparing' : state.ready.size === 0 && state.preparing.size > 0 ? 'ready' : '';
  if ((document.querySelector('main') as HTMLElement).dataset['empty'] !== empty) (document.querySelector('main') as HTMLElement).dataset['empty'] = empty;
  for (const name of ['preparing', 'ready'] as const) {
    const list = byId(name);
    const orders = name === 'ready' ? readyOrder(state.ready.values()) : preparingOrder(state.preparing.values());
    const vh = window.innerHeight;
    const gap = Math.round(vh * 0.012);
    const layout = layoutTiles(orders.length, { width: list.clientWidth, height: list.clientHeight, gap, minFont: vh * MIN_FONT[name], maxFont: vh * 0.3 });
    list.style.setProperty('--cols', String(layout.cols));
    list.style.setProperty('--tile-h', `${Math.floor(layout.tileHeight)}px`);
    list.style.setProperty('--font', `${Math.floor(layout.font)}px`);
    list.style.setProperty('--gap', `${gap}px`);
    // Ready: the oldest uncollected keep their tiles, the hidden ones are in between. Preparing: the next ones first.
    const shown = new Set((name === 'ready' ? readyShown(orders, layout.visible) : orders.slice(0, layout.visible)).map((order) => order.id));
    const items = orders.map((order) => {
      const item = el('li', name === 'ready' && order.id === state.newest ? 'newest' : '');
      item.dataset['id'] = String(order.id);
      item.appendChild(el('span', 'number', order.ticketNumber == null ? '–' : String(order.ticketNumber)));
      item.appendChild(el('span', 'code', order.displayCode));
      // What does not fit is not cut off silently: the last place says how many more there are.
      if (!shown.has(order.id)) item.style.display = 'none';
      return item;
    });
    if (layout.more > 0) items.push(el('li', 'more', t(counted('display.more', layout.more), { count: layout.more })));
    list.replaceChildren(...items);
  }
}

function latest(): number {
  let at = 0;
  state.preparing.forEach((o) => (at = Math.max(at, o.at)));
  state.ready.forEach((o) => (at = Math.max(at, o.at)));
  return at + 1;
}

function apply(event: DisplayEvent): void {
  const at = latest();
  if (event.name === 'confirmed-order') {
    const data = event.payload;
    if (!state.ready.has(data.id) && !state.preparing.has(data.id)) {
      state.preparing.set(data.id, { id: data.id, ticketNumber: data.ticketNumber, displayCode: data.displayCode, at, confirmed: at });
    }
  } else if (event.name === 'order-status-changed') {
    const data = event.payload;
    const before = state.preparing.get(data.id) ?? state.ready.get(data.id);
    state.preparing.delete(data.id);
    state.ready.delete(data.id);
    const entry: Shown = { id: data.id, ticketNumber: data.ticketNumber, displayCode: data.displayCode, at };
    if (before?.confirmed !== undefined) entry.confirmed = before.confirmed;
    if (data.status === 'CONFIRMED') {
      // Recalled from "Ready" (or confirmed later): its place is its confirmation time, not the end of the column.
      const confirmed = before ? recalledAt([...state.preparing.values()], entry, at) : at;
      state.preparing.set(data.id, { ...entry, at: confirmed, confirmed });
    }
    if (data.status === 'COMPLETED') {
      state.ready.set(data.id, entry);
      state.newest = data.id;
      call();
    }
  } else if (event.name === 'order-deleted') {
    state.preparing.delete(event.payload.id);
    state.ready.delete(event.payload.id);
  }
  render();
}

function connect(from: number): void {
  if (source) source.close();
  mismatches = 0;
  const url = `/events/display?access_token=${encodeURIComponent(key)}&lastEventId=${encodeURIComponent(String(from))}`;
  const stream = new EventSource(url);
  source = stream;
  stream.onopen = () => setConnection(() => t('display.live'), 'live');
  stream.onerror = () => {
    setConnection(() => t('display.reconnecting'), 'offline');
    // EventSource retries a dropped connection by itself; if it gave up (server restarting), start over.
    if (stream.readyState === EventSource.CLOSED) schedule();
  };
  for (const name of ['confirmed-order', 'order-status-changed', 'order-deleted'] as const) {
    stream.addEventListener(name, (event) => apply({ name, payload: JSON.parse((event as MessageEvent<string>).data) } as DisplayEvent));
  }
  stream.addEventListener('resync', () => load());
}

function schedule(): void {
  if (retryTimer) return;
  retryTimer = setTimeout(() => {
    retryTimer = null;
    load();
  }, 3000);
}

/** The key in the address is wrong or revoked: waiting will not help, a person must open the right address. */
class KeyRefused extends Error {}

async function fetchState(): Promise<DisplayState> {
  const response = await fetch('/v1/display/state', { headers: { 'X-API-KEY': key }, cache: 'no-store' });
  if (response.status === 401 || response.status === 403) throw new KeyRefused();
  if (!response.ok) throw new Error(`server answered ${response.status}`);
  return (await response.json()) as DisplayState;
}

function entries(list: DisplayState['preparing'], preparing: boolean): Map<number, Shown> {
  return new Map(
    list.map((o) => {
      const at = Date.parse(o.since);
      // A ready order's `since` is when it came out; when it went in is remembered from having seen it preparing.
      const confirmed = preparing ? at : (state.ready.get(o.id) ?? state.preparing.get(o.id))?.confirmed;
      return [o.id, { id: o.id, ticketNumber: o.ticketNumber, displayCode: o.displayCode, at, ...(confirmed === undefined ? {} : { confirmed }) }];
    }),
  );
}

function show(data: DisplayState): void {
  const ready = entries(data.ready, false);
  state.preparing = entries(data.preparing, true);
  state.ready = ready;
  if (data.ready.length > 0 && (state.newest === null || !state.ready.has(state.newest))) state.newest = (data.ready[0] as { id: number }).id;
  state.banners = data.banners;
  render();
}

function load(): void {
  if (!key) {
    setConnection(() => t('display.needKey'), 'offline');
    return;
  }
  fetchState()
    .then((data) => {
      show(data);
      connect(data.lastEventId);
    })
    .catch((error: unknown) => {
      // Never a raw error ("Failed to fetch") on the TV: the server is away for a moment, or the key is wrong.
      if (error instanceof KeyRefused) setConnection(() => t('display.badKey'), 'offline');
      else setConnection(() => t('display.reconnecting'), 'offline');
      schedule();
    });
}

// Every half minute the screen is compared with the server (and the banners read again). A stream that died
// without closing (Wi-Fi gone) shows it: two differences in a row and the page starts over from the server.
let mismatches = 0;
function sameOrders(mine: Map<number, Shown>, theirs: DisplayState['preparing']): boolean {
  if (mine.size !== theirs.length) return false;
  return theirs.every((o) => mine.has(o.id));
}
function check(): void {
  if (retryTimer || !key) return;
  fetchState()
    .then((data) => {
      state.banners = data.banners;
      if (sameOrders(state.preparing, data.preparing) && sameOrders(state.ready, data.ready)) {
        mismatches = 0;
        return;
      }
      if (++mismatches >= 2) {
        show(data);
        connect(data.lastEventId);
      }
    })
    .catch(() => setConnection(() => t('display.reconnecting'), 'offline'));
}

let bannerIndex = 0;
function rotateBanner(): void {
  const footer = byId('banner');
  if (state.banners.length === 0) {
    footer.className = 'empty';
    footer.replaceChildren();
    return;
  }
  const banner = state.banners[bannerIndex++ % state.banners.length] as BannerData;
  // Black or white text, whichever contrasts more with the banner's colour (WCAG, always at least 4.5:1).
  const text = textOn(banner.color);
  footer.className = text.background;
  footer.style.background = `#${banner.color}`;
  footer.style.color = text.color;
  const parts: HTMLElement[] = [];
  if (banner.image) {
    const img = el('img') as HTMLImageElement;
    img.src = banner.image;
    img.alt = banner.title;
    parts.push(img);
  }
  const words = el('div');
  words.appendChild(el('div', 'title', banner.title));
  if (banner.description) words.appendChild(el('div', 'description', banner.description));
  const meta = [banner.website, banner.social1, banner.social2].filter(Boolean).join('  ·  ');
  if (meta) words.appendChild(el('div', 'meta', meta));
  parts.push(words);
  footer.replaceChildren(...parts);
}

function tick(): void {
  byId('clock').textContent = new Date().toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
}

applyTexts();
void followVenueLocale(locale, (venue) => {
  locale = venue;
  applyTexts();
  render();
});
tick();
setInterval(tick, 10000);
// ?rotate=<seconds> sets how long each banner stays (default 10).
const rotateSeconds = Math.max(3, Number(params.get('rotate')) || 10);
setInterval(rotateBanner, rotateSeconds * 1000);
setInterval(check, 30000);
// The tiles are sized from each column's size: lay them out again whenever it changes (the window, and the
// banner strip, which appears, disappears and varies in height).
const relayout = new ResizeObserver(() => render());
relayout.observe(byId('preparing'));
relayout.observe(byId('ready'));
// Browsers play sound only after a tap on the page: say so in the corner until then (a kiosk TV can be started
// with --autoplay-policy=no-user-gesture-required instead, see docs/display.md).
function showSound(locked: boolean): void {
  const hint = byId('sound');
  hint.hidden = !chime.enabled || !locked;
  hint.textContent = t('screen.tapForSound');
}
chime.onLockChange(showSound);
showSound(chime.locked());
load();
setTimeout(rotateBanner, 500);
