// The ready-number screen at /display?key=<display key>: loads the state once, then follows /events/display,
// reconnecting and catching up by itself after Wi-Fi drops or a server restart. Moved from the page the server used
// to write out as a string, with its behaviour unchanged (test/e2e/display.test.ts); typed by src/api.
import type { z } from 'zod';
import type { Banner } from '../../api/banners.js';
import type { DisplayState } from '../../api/display.js';
import type { DisplayEvent } from '../../api/events.js';
import { type Locale, type MessageKey, translate } from '../shared/i18n/index.js';
import { followVenueLocale, initialLocale } from '../shared/page-locale.js';
import './display.css';

type Shown = { id: number; ticketNumber: number | null; displayCode: string; at: number };
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
let retryTimer: ReturnType<typeof setTimeout> | null = null;

const byId = (id: string) => document.getElementById(id) as HTMLElement;

// The venue's language (`pos serve --locale`) unless this TV was given `?lang=` (remembered).
let locale: Locale = initialLocale();
const t = (key: MessageKey, values?: Record<string, string | number>) => translate(locale, key, values);
let connection: { text: () => string; cls: string } = { text: () => t('display.connecting'), cls: '' };

function applyTexts(): void {
  document.title = t('display.title');
  byId('preparing-title').textContent = t('display.preparing');
  byId('ready-title').textContent = t('display.ready');
  setConnection(connection.text, connection.cls);
}

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

function render(): void {
  for (const name of ['preparing', 'ready'] as const) {
    const list = byId(name);
    const orders = Array.from(state[name].values());
    orders.sort((a, b) => (name === 'ready' ? b.at - a.at : a.at - b.at));
    list.replaceChildren(
      ...orders.map((order) => {
        const item = el('li', name === 'ready' && order.id === state.newest ? 'newest' : '');
        item.dataset['id'] = String(order.id);
        item.appendChild(el('span', 'number', order.ticketNumber == null ? '–' : String(order.ticketNumber)));
        item.appendChild(el('span', 'code', order.displayCode));
        return item;
      }),
    );
    showOverflow(list);
  }
}

// What does not fit is not cut off silently: the last visible place says how many more there are.
function showOverflow(list: HTMLElement): void {
  const items = Array.from(list.children) as HTMLElement[];
  const fits = (item: HTMLElement) => item.offsetTop + item.offsetHeight <= list.offsetTop + list.clientHeight + 1;
  const hidden = items.filter((item) => !fits(item)).length;
  if (hidden === 0) return;
  const more = el('li', 'more');
  list.appendChild(more);
  let shown = items.length - hidden;
  // Room for the "+N more" place itself: hide items from the end until it fits.
  do {
    for (let i = 0; i < items.length; i++) (items[i] as HTMLElement).style.display = i < shown ? '' : 'none';
    more.textContent = t('display.more', { count: items.length - shown });
    shown--;
  } while (shown >= 0 && !fits(more));
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
      state.preparing.set(data.id, { id: data.id, ticketNumber: data.ticketNumber, displayCode: data.displayCode, at });
    }
  } else if (event.name === 'order-status-changed') {
    const data = event.payload;
    state.preparing.delete(data.id);
    state.ready.delete(data.id);
    const entry = { id: data.id, ticketNumber: data.ticketNumber, displayCode: data.displayCode, at };
    if (data.status === 'CONFIRMED') state.preparing.set(data.id, entry);
    if (data.status === 'COMPLETED') {
      state.ready.set(data.id, entry);
      state.newest = data.id;
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

async function fetchState(): Promise<DisplayState> {
  const response = await fetch('/v1/display/state', { headers: { 'X-API-KEY': key }, cache: 'no-store' });
  if (response.status === 401 || response.status === 403) throw new Error(t('display.badKey'));
  if (!response.ok) throw new Error(t('display.serverError', { status: response.status }));
  return (await response.json()) as DisplayState;
}

function entries(list: DisplayState['preparing']): Map<number, Shown> {
  return new Map(list.map((o) => [o.id, { id: o.id, ticketNumber: o.ticketNumber, displayCode: o.displayCode, at: Date.parse(o.since) }]));
}

function show(data: DisplayState): void {
  state.preparing = entries(data.preparing);
  state.ready = entries(data.ready);
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
    .catch((error: Error) => {
      const message = String(error.message || error);
      setConnection(() => message, 'offline');
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
  footer.className = isLight(banner.color) ? 'light' : 'dark';
  footer.style.background = `#${banner.color}`;
  const parts: HTMLElement[] = [];
  if (banner.image) {
    const img = el('img') as HTMLImageElement;
    img.src = banner.image;
    img.alt = banner.title;
    parts.push(img);
  }
  const text = el('div');
  text.appendChild(el('div', 'title', banner.title));
  if (banner.description) text.appendChild(el('div', 'description', banner.description));
  const meta = [banner.website, banner.social1, banner.social2].filter(Boolean).join('  ·  ');
  if (meta) text.appendChild(el('div', 'meta', meta));
  parts.push(text);
  footer.replaceChildren(...parts);
}

// Dark text on a light banner colour, light text on a dark one (relative luminance, WCAG).
function isLight(hex: string): boolean {
  const full = hex.length === 3 ? hex.split('').map((c) => c + c).join('') : hex;
  const channel = (i: number) => {
    const v = parseInt(full.slice(i, i + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
  };
  return 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4) > 0.4;
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
window.addEventListener('resize', render);
load();
setTimeout(rotateBanner, 500);
