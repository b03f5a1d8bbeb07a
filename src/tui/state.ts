import type { z } from 'zod';
import type { Food } from '../api/catalog.js';
import type { CashierEvent } from '../api/events.js';
import type { OrderListItem, OrderStation, OrderStatus, OrderWarning } from '../api/orders.js';
import type { Printer } from '../api/printers.js';

// The dashboard's state and every change to it, as plain data and a reducer: unit-tested without a terminal. What
// comes from the server (orders, foods, printers, events) is typed by the schemas of src/api.

export type Stage = 'pending' | 'kitchen' | 'ready' | 'picked';
export const STAGES: readonly Stage[] = ['pending', 'kitchen', 'ready', 'picked'];
const STATUS_OF_STAGE: Record<Stage, string> = {
  pending: 'PENDING',
  kitchen: 'CONFIRMED',
  ready: 'COMPLETED',
  picked: 'PICKED_UP',
};
export const STAGE_OF_STATUS: Record<string, Stage> = {
  PENDING: 'pending',
  CONFIRMED: 'kitchen',
  COMPLETED: 'ready',
  PICKED_UP: 'picked',
};

/** A kitchen station of an order: the printer its items route to, and whether it is done. */
export type StationCard = Pick<OrderStation, 'printerId' | 'name' | 'status'>;

export interface OrderCard {
  /** The stations the order waits at (empty: none, or not known yet). */
  stations: StationCard[];
  id: number;
  ticketNumber: number | null;
  displayCode: string;
  table: string;
  customer: string;
  stage: Stage;
  confirmedAt: number | null;
  completedAt: number | null;
  /** Cents; null while only the order's number is known. */
  total: number | null;
}

/** An enabled register the dashboard can confirm at; `id: null` is the choice of confirming with none. */
export interface RegisterCard {
  id: string | null;
  name: string;
  /** Its receipt printer (null: none, so no receipt and no drawer). */
  printerId: string | null;
}

export const NO_REGISTER: RegisterCard = { id: null, name: 'no register', printerId: null };

/**
 * Why a confirmation at this register prints no receipt (and opens no drawer), or null when it prints one: the
 * reasons of the server's warnings (src/api), which the board says in its language.
 */
export function receiptProblem(register: RegisterCard): OrderWarning['reason'] | null {
  if (register.id === null) return 'no-register';
  if (register.printerId === null) return 'register-without-printer';
  return null;
}

/** An order as the TV names it: the ticket number with the display code ("#12 A7K"), the code alone before. */
export function orderLabel(order: { ticketNumber: number | null; displayCode: string }): string {
  return order.ticketNumber === null ? order.displayCode : `#${order.ticketNumber} ${order.displayCode}`;
}

/** How the board and the items view both name an order. */
export type OrderNames = Pick<OrderCard, 'id' | 'ticketNumber' | 'displayCode' | 'table' | 'customer' | 'total'>;

/** The names of an order of the list, an event or the detail (which carry more). */
export const namesOf = ({ id, ticketNumber, displayCode, table, customer, total }: OrderNames): OrderNames => ({
  id,
  ticketNumber,
  displayCode,
  table,
  customer,
  total,
});

/** The items view of one order. */
export interface OrderDetails extends OrderNames {
  status: string;
  /** Units of the line given back (refunded); none when left out. */
  items: Array<{
    category: string;
    quantity: number;
    name: string;
    notes: string;
    choices?: string[];
    refunded?: number;
  }>;
  /** Cents off the order at confirmation, and given back since: the total is after both. */
  discount?: number;
  refunded?: number;
  /** The kitchen stations, with when each was done. */
  stations: Array<Pick<OrderStation, 'printerId' | 'name' | 'status' | 'doneAt'>>;
}

export interface PrinterCard extends Pick<z.infer<typeof Printer>, 'id' | 'name'> {
  /** ONLINE, OFFLINE, ERROR (a newer server may say more). */
  status: string;
  /** In ERROR: PAPER_OUT, COVER_OPEN or NOT_READY when the printer said why; null otherwise. */
  statusReason: string | null;
  /** Print jobs waiting for it. */
  held: number;
}

export interface FoodCard extends Pick<Food, 'id' | 'name' | 'available' | 'stock' | 'portionsLeft'> {
  category: string;
  categoryId: string;
  /** The whole category can be off (then none of its foods can be ordered, whatever their own flag). */
  categoryAvailable: boolean;
}

export interface Figures {
  orders: number;
  revenue: number;
  cash: number;
  card: number;
  /** The business day began on the calendar day before (after midnight): "since yesterday", not "today". */
  sinceYesterday?: boolean;
}

export type Connection = 'connecting' | 'live' | 'offline';

export interface DashboardState {
  orders: Map<number, OrderCard>;
  printers: PrinterCard[];
  foods: FoodCard[];
  figures: Figures | null;
  connection: Connection;
  /** Why the stream is down, or what the last action did. */
  message: string;
  /** How the message line reads: a warning (no receipt) stands out, an error more. */
  tone: 'info' | 'warning' | 'error';
  selected: { stage: Stage; id: number | null };
  /**
   * `pay`: a pending order is being confirmed, waiting for cash or card; `register`: which register confirms
   * (asked once per session); `items`: the selected order's items.
   */
  mode: 'board' | 'foods' | 'stock' | 'search' | 'pay' | 'register' | 'items';
  /** In `stock` mode: what is typed for the food under the cursor ("200", "+50", "-3", "off"). */
  stockInput: string;
  /** The register this dashboard confirms at, chosen once per session (null: not chosen yet). */
  register: RegisterCard | null;
  /** The choices of the register question: the enabled registers, then "no register". */
  registers: RegisterCard[] | null;
  registerCursor: number;
  /** The order shown in the items view (null while it loads). */
  details: OrderDetails | null;
  /** The venue's time zone, as the server says (null until loaded). */
  timezone: string | null;
  /** In `pay` mode: the order being paid for (the selection may move meanwhile; the payment never does). */
  payingFor: number | null;
  search: string;
  foodCursor: number;
  /** Picked-up orders stay visible this long (ms), counted from their completion (pick-up times are not kept). */
  pickedVisibleMs: number;
}

export function initialState(): DashboardState {
  return {
    orders: new Map(),
    printers: [],
    foods: [],
    figures: null,
    connection: 'connecting',
    message: '',
    tone: 'info',
    selected: { stage: 'kitchen', id: null },
    mode: 'board',
    register: null,
    registers: null,
    registerCursor: 0,
    details: null,
    timezone: null,
    payingFor: null,
    search: '',
    stockInput: '',
    foodCursor: 0,
    pickedVisibleMs: 15 * 60_000,
  };
}

type ListItem = z.infer<typeof OrderListItem>;

/**
 * What the board needs of an order, as the list, the detail and the `new-order` event carry it (the list writes the
 * status in lower case, the others in upper case; the event has no stations yet).
 */
export type OrderSummary = Pick<
  ListItem,
  'id' | 'ticketNumber' | 'displayCode' | 'table' | 'customer' | 'confirmedAt' | 'completedAt' | 'total'
> & {
  status: ListItem['status'] | OrderStatus;
  stations?: OrderStation[];
};

function cardOf(order: OrderSummary): OrderCard {
  return {
    stations: (order.stations ?? []).map(({ printerId, name, status }) => ({ printerId, name, status })),
    ...namesOf(order),
    stage: STAGE_OF_STATUS[order.status.toUpperCase()] ?? 'pending',
    confirmedAt: order.confirmedAt ? Date.parse(order.confirmedAt) : null,
    completedAt: order.completedAt ? Date.parse(order.completedAt) : null,
  };
}

export type Action =
  /** A snapshot, with the events that arrived while it was loading applied on top (they may be newer than it). */
  | {
      type: 'loaded';
      orders: OrderSummary[];
      printers: PrinterCard[];
      foods: FoodCard[];
      figures: Figures | null;
      timezone?: string;
      at: number;
      replay?: Array<{ event: CashierEvent; at: number }>;
    }
  | { type: 'foods'; foods: FoodCard[] }
  | { type: 'figures'; figures: Figures | null }
  /** Details fetched for an order the stream announced without them (table, customer, server times). */
  | { type: 'details'; order: OrderSummary }
  /** A food as the server answered a change of it (its count, at once: the event follows). */
  | { type: 'food'; food: FoodCard }
  | { type: 'printers'; printers: PrinterCard[] }
  | { type: 'connection'; connection: Connection; message?: string }
  | { type: 'event'; event: CashierEvent; at: number }
  | { type: 'stock-input'; text: string }
  | { type: 'move'; direction: 'up' | 'down' | 'left' | 'right'; now: number }
  | { type: 'mode'; mode: DashboardState['mode']; payingFor?: number }
  | { type: 'search'; text: string }
  | { type: 'food-cursor'; delta: number }
  | { type: 'message'; message: string; tone?: DashboardState['tone'] }
  /** The dashboard moved an order: shown at once in its new stage; the selection stays in place in its column. */
  | { type: 'moved'; id: number; stage: Stage; now: number; ticketNumber?: number | null }
  | { type: 'registers'; registers: RegisterCard[] }
  | { type: 'register-cursor'; delta: number }
  /** The register is chosen: the payment question follows when an order was waiting for it. */
  | { type: 'choose-register'; register: RegisterCard }
  | { type: 'items'; details: OrderDetails };

/** The orders of a stage in display order: oldest first while waiting, newest first once done. */
export function ordersIn(state: DashboardState, stage: Stage, now: number): OrderCard[] {
  const cards = [...state.orders.values()].filter((card) => card.stage === stage);
  if (stage === 'picked') {
    return cards
      .filter((card) => card.completedAt === null || now - card.completedAt < state.pickedVisibleMs)
      .sort((a, b) => (b.completedAt ?? 0) - (a.completedAt ?? 0))
      .slice(0, 10);
  }
  if (stage === 'ready') return cards.sort((a, b) => (b.completedAt ?? 0) - (a.completedAt ?? 0));
  return cards.sort(
    (a, b) =>
      (a.confirmedAt ?? a.id) - (b.confirmedAt ?? b.id) || (a.ticketNumber ?? 0) - (b.ticketNumber ?? 0) || a.id - b.id,
  );
}

export function selectedOrder(state: DashboardState): OrderCard | null {
  return state.selected.id === null ? null : (state.orders.get(state.selected.id) ?? null);
}

/** The status an order moves to with "next" / "back", or null at the ends. */
export function nextStatus(card: OrderCard, direction: 'next' | 'back'): string | null {
  const index = STAGES.indexOf(card.stage) + (direction === 'next' ? 1 : -1);
  const stage = STAGES[index];
  return stage ? STATUS_OF_STAGE[stage] : null;
}

function keepSelection(state: DashboardState, now: number): DashboardState['selected'] {
  const { stage, id } = state.selected;
  if (id !== null && state.orders.get(id)?.stage === stage) return state.selected;
  const first = ordersIn(state, stage, now)[0];
  return { stage, id: first?.id ?? null };
}

/**
 * Events carry no timestamps; what they report happened after everything already known, so their time is the
 * receipt time, but never earlier than the latest known one. This keeps the board in the server's order even when
 * snapshot times (server clock) and receipt times (this clock) mix.
 */
function after(orders: Map<number, OrderCard>, field: 'confirmedAt' | 'completedAt', at: number): number {
  let latest = Number.NEGATIVE_INFINITY;
  for (const card of orders.values()) latest = Math.max(latest, card[field] ?? Number.NEGATIVE_INFINITY);
  return Math.max(at, latest + 1);
}

function applyEvent(state: DashboardState, event: CashierEvent, at: number, select = true): DashboardState {
  const orders = new Map(state.orders);
  switch (event.name) {
    case 'new-order':
      orders.set(
        event.payload.id,
        cardOf({ ...event.payload, status: 'PENDING', confirmedAt: null, completedAt: null }),
      );
      break;
    case 'confirmed-order': {
      const { id, displayCode, ticketNumber } = event.payload;
      const card = orders.get(id);
      orders.set(id, {
        ...(card ?? { id, table: '…', customer: '…', completedAt: null, total: null, stations: [] }),
        displayCode,
        ticketNumber,
        stage: 'kitchen',
        confirmedAt: card?.confirmedAt ?? after(orders, 'confirmedAt', at),
      });
      break;
    }
    case 'order-status-changed': {
      const { id, displayCode, ticketNumber, status } = event.payload;
      const card = orders.get(id);
      const stage = STAGE_OF_STATUS[status] ?? 'pending';
      const done = stage === 'ready' || stage === 'picked';
      orders.set(id, {
        ...(card ?? { id, table: '…', customer: '…', confirmedAt: null, total: null, stations: [] }),
        displayCode,
        ticketNumber,
        stage,
        completedAt: done ? (card?.completedAt ?? after(orders, 'completedAt', at)) : null,
      });
      break;
    }
    case 'order-station-status-changed': {
      const { orderId, printerId, status } = event.payload;
      const mark = <S extends StationCard>(stations: S[]): S[] =>
        stations.map((station) => (station.printerId === printerId ? { ...station, status } : station));
      // The items view of this order follows too.
      const details =
        state.details?.id === orderId ? { ...state.details, stations: mark(state.details.stations) } : state.details;
      const card = orders.get(orderId);
      // A station the card does not know yet comes with the order's details (fetched when it was confirmed).
      if (card?.stations.some((station) => station.printerId === printerId))
        orders.set(orderId, { ...card, stations: mark(card.stations) });
      return { ...state, orders, details };
    }
    case 'order-deleted':
      orders.delete(event.payload.id);
      break;
    case 'order-table-changed': {
      // A waiter seated the order, or moved it (docs/waiter.md).
      const card = orders.get(event.payload.id);
      if (!card) return state;
      orders.set(event.payload.id, { ...card, table: event.payload.table });
      break;
    }
    case 'food-availability-changed': {
      const { foodId, available } = event.payload;
      return { ...state, foods: state.foods.map((food) => (food.id === foodId ? { ...food, available } : food)) };
    }
    case 'food-stock-changed': {
      const { foodId, portionsLeft } = event.payload;
      return { ...state, foods: state.foods.map((food) => (food.id === foodId ? { ...food, portionsLeft } : food)) };
    }
    case 'category-availability-changed': {
      const { categoryId, available } = event.payload;
      return {
        ...state,
        foods: state.foods.map((food) =>
          food.categoryId === categoryId ? { ...food, categoryAvailable: available } : food,
        ),
      };
    }
    case 'printer-status-changed': {
      const { printerId, status } = event.payload;
      const statusReason = event.payload.statusReason ?? null;
      return {
        ...state,
        printers: state.printers.map((printer) =>
          printer.id === printerId ? { ...printer, status, statusReason } : printer,
        ),
      };
    }
    default:
      return state; // resync is the App's (it loads again); events of a newer server are not known here
  }
  const next = { ...state, orders };
  return select ? { ...next, selected: keepSelection(next, at) } : next;
}

/**
 * The order the dashboard just moved, at once in its new stage (the server's event confirms it a moment later). The
 * selection stays where it was in its column, on the order that took the moved one's place: `n` pressed three
 * times sends the three oldest orders on, one stage each, never one order three stages (to picked up).
 */
function moved(
  state: DashboardState,
  id: number,
  stage: Stage,
  now: number,
  ticketNumber?: number | null,
): DashboardState {
  const card = state.orders.get(id);
  if (!card) return state;
  const column = state.selected.stage;
  const place = state.selected.id === id ? ordersIn(state, column, now).findIndex((other) => other.id === id) : -1;
  const orders = new Map(state.orders);
  const done = stage === 'ready' || stage === 'picked';
  orders.set(id, {
    ...card,
    stage,
    ticketNumber: ticketNumber ?? card.ticketNumber,
    confirmedAt: stage === 'pending' ? card.confirmedAt : (card.confirmedAt ?? after(orders, 'confirmedAt', now)),
    completedAt: done ? (card.completedAt ?? after(orders, 'completedAt', now)) : null,
  });
  const next = { ...state, orders };
  if (place === -1) return next; // the selection was elsewhere (a confirmation answered later): it stays there
  const left = ordersIn(next, column, now);
  return { ...next, selected: { stage: column, id: left[Math.min(place, left.length - 1)]?.id ?? null } };
}

function move(state: DashboardState, direction: 'up' | 'down' | 'left' | 'right', now: number): DashboardState {
  if (state.mode === 'foods' || state.mode === 'stock') return state;
  if (direction === 'left' || direction === 'right') {
    const index = STAGES.indexOf(state.selected.stage) + (direction === 'right' ? 1 : -1);
    const stage = STAGES[Math.max(0, Math.min(STAGES.length - 1, index))] as Stage;
    return { ...state, selected: { stage, id: ordersIn(state, stage, now)[0]?.id ?? null } };
  }
  const cards = ordersIn(state, state.selected.stage, now);
  if (cards.length === 0) return state;
  const index = cards.findIndex((card) => card.id === state.selected.id);
  const target = cards[
    Math.max(0, Math.min(cards.length - 1, (index === -1 ? 0 : index) + (direction === 'down' ? 1 : -1)))
  ] as OrderCard;
  return { ...state, selected: { stage: state.selected.stage, id: target.id } };
}

/**
 * Finds an order by display code or ticket number (the most recent match) among those on the board (a picked-up
 * order no longer shown is not selected: keys would act on an order nobody can see).
 */
export function findOrder(state: DashboardState, text: string, now: number = Date.now()): OrderCard | null {
  // "#12" as the receipt and the board write it, or just 12.
  const wanted = text.trim().toUpperCase().replace(/^#\s*/, '');
  if (!wanted) return null;
  const visiblePicked = new Set(ordersIn(state, 'picked', now).map((card) => card.id));
  const matches = [...state.orders.values()].filter(
    (card) =>
      (card.displayCode === wanted || String(card.ticketNumber ?? '') === wanted) &&
      (card.stage !== 'picked' || visiblePicked.has(card.id)),
  );
  return matches.sort((a, b) => b.id - a.id)[0] ?? null;
}

export function reduce(state: DashboardState, action: Action): DashboardState {
  switch (action.type) {
    case 'loaded': {
      let next: DashboardState = {
        ...state,
        orders: new Map(action.orders.map((order) => [order.id, cardOf(order)])),
        printers: action.printers,
        foods: action.foods,
        figures: action.figures,
        timezone: action.timezone ?? state.timezone,
      };
      for (const replayed of action.replay ?? []) next = applyEvent(next, replayed.event, replayed.at, false);
      // The selection is checked once, on the final picture: an order the snapshot missed but an event brought back
      // stays selected.
      return { ...next, selected: keepSelection(next, action.at) };
    }
    case 'figures':
      return { ...state, figures: action.figures };
    case 'foods':
      return {
        ...state,
        foods: action.foods,
        foodCursor: Math.min(state.foodCursor, Math.max(0, action.foods.length - 1)),
      };
    case 'details': {
      const card = state.orders.get(action.order.id);
      if (!card) return state;
      const fetched = cardOf(action.order);
      const orders = new Map(state.orders);
      // The stage stays what the stream says (it may be newer than this answer); the rest is the server's. The
      // stations come from this answer (a station taps done minutes after the confirmation, not within the fetch).
      orders.set(card.id, { ...fetched, stage: card.stage, completedAt: card.completedAt ?? fetched.completedAt });
      return { ...state, orders };
    }
    case 'printers':
      return { ...state, printers: action.printers };
    case 'connection':
      return {
        ...state,
        connection: action.connection,
        message: action.message ?? (action.connection === 'live' ? '' : state.message),
      };
    case 'event':
      return applyEvent(state, action.event, action.at);
    case 'move':
      return move(state, action.direction, action.now);
    case 'mode': {
      const paying = action.mode === 'pay' || action.mode === 'register';
      return {
        ...state,
        mode: action.mode,
        search: action.mode === 'search' ? '' : state.search,
        stockInput: action.mode === 'stock' ? '' : state.stockInput,
        payingFor: paying ? (action.payingFor ?? (action.mode === 'pay' ? state.payingFor : null)) : null,
        details: action.mode === 'items' ? null : state.details,
        registerCursor: action.mode === 'register' ? 0 : state.registerCursor,
      };
    }
    case 'moved':
      return moved(state, action.id, action.stage, action.now, action.ticketNumber);
    case 'registers':
      return {
        ...state,
        registers: action.registers,
        registerCursor: Math.min(state.registerCursor, action.registers.length),
      };
    case 'register-cursor': {
      const count = (state.registers?.length ?? 0) + 1; // the registers, then "no register"
      return { ...state, registerCursor: Math.max(0, Math.min(count - 1, state.registerCursor + action.delta)) };
    }
    case 'choose-register':
      return { ...state, register: action.register, mode: state.payingFor === null ? 'board' : 'pay' };
    case 'items':
      return state.mode === 'items' ? { ...state, details: action.details } : state;
    case 'search': {
      const found = findOrder(state, action.text);
      return found
        ? { ...state, search: action.text, selected: { stage: found.stage, id: found.id } }
        : { ...state, search: action.text };
    }
    case 'food':
      return { ...state, foods: state.foods.map((food) => (food.id === action.food.id ? action.food : food)) };
    case 'stock-input':
      return { ...state, stockInput: action.text };
    case 'food-cursor':
      return { ...state, foodCursor: Math.max(0, Math.min(state.foods.length - 1, state.foodCursor + action.delta)) };
    case 'message':
      return {
        ...state,
        message: action.message,
        tone: action.tone ?? (action.message.startsWith('error') ? 'error' : 'info'),
      };
  }
}
