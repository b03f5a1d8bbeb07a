import type { z } from 'zod';
import type { Food } from '../api/catalog.js';
import type { PaymentMethod } from '../api/enums.js';
import type { CashierEvent } from '../api/events.js';
import type { ListOrdersQuery, OrderWarning } from '../api/orders.js';
import { ApiError } from '../client/errors.js';
import { readChannel } from '../client/events.js';
import type { PosClient } from '../client/http.js';
import type { StockChange } from '../client/stock-change.js';
import type { OfflineNotice } from './texts.js';
import { beganYesterday } from './venue-day.js';
import {
  type Connection,
  type Figures,
  type FoodCard,
  namesOf,
  type OrderDetails,
  type OrderSummary,
  type PrinterCard,
  type RegisterCard,
} from './state.js';

/**
 * What a confirmation did: its ticket number, and why the server says no receipt will print (null: an older server,
 * which does not say). The reasons, not the server's English messages: the board says them in its language.
 */
export interface Confirmed {
  ticketNumber: number | null;
  warnings: Array<OrderWarning['reason']> | null;
}

/** Everything the dashboard reads and does; the terminal UI is tested against a fake of this. */
export interface DashboardSource {
  /** The board (open orders of the last 12 hours, the latest picked up), with the venue's time zone. */
  load(): Promise<{
    orders: OrderSummary[];
    printers: PrinterCard[];
    foods: FoodCard[];
    figures: Figures | null;
    timezone?: string;
  }>;
  figures(): Promise<Figures | null>;
  printers(): Promise<PrinterCard[]>;
  foods(): Promise<FoodCard[]>;
  /** Follows the cashier event stream until the returned function is called. */
  stream(handlers: {
    onEvent(event: CashierEvent): void;
    onStatus(connection: Connection, offline?: OfflineNotice): void;
  }): () => void;
  /** One order's details (table, customer, times), for orders the cashier stream announces without them. */
  order(orderId: number): Promise<OrderSummary>;
  setStatus(orderId: number, status: string): Promise<void>;
  /**
   * Confirms a pending order with its payment at a register (ticket number, kitchen tickets, and the receipt and
   * drawer on the register's printer; `null`: no register, so neither).
   */
  confirm(orderId: number, paymentMethod: PaymentMethod, cashRegisterId: string | null): Promise<Confirmed>;
  /** The enabled registers, to choose the one this dashboard confirms at. */
  registers(): Promise<RegisterCard[]>;
  /** An order with its items, for the items view. */
  details(orderId: number): Promise<OrderDetails>;
  reprint(orderId: number): Promise<number>;
  setFoodAvailable(foodId: string, available: boolean): Promise<void>;
  /** Sets (`stock`) or changes (`stockAdd`) a food's portion count; the food as it is now. */
  setFoodStock(foodId: string, change: StockChange): Promise<FoodCard>;
}

const foodCard = (food: Food): FoodCard => ({
  id: food.id,
  name: food.name,
  category: food.category.name,
  categoryId: food.category.id,
  available: food.available,
  categoryAvailable: food.category.available,
  stock: food.stock,
  portionsLeft: food.portionsLeft,
});

/** The real source: the REST API and the event stream of a pos server. */
export function httpSource(client: PosClient): DashboardSource {
  const allOf = async (query: z.input<typeof ListOrdersQuery>) => {
    const orders: OrderSummary[] = [];
    for (let page = 1; page <= 50; page++) {
      const result = await client.orders({ ...query, limit: 100, page });
      orders.push(...result.orders);
      if (page >= result.pagination.totalPages) break;
    }
    return orders;
  };
  const source: DashboardSource = {
    async load() {
      const health = await client.health();
      // Open orders of the last 12 hours, as on the ready-number screen: older ones that nobody moved on would
      // otherwise stay on the board for ever.
      const since = new Date(Date.now() - 12 * 3600_000).toISOString();
      const [open, picked, printers, foods, figures] = await Promise.all([
        allOf({ status: ['pending', 'confirmed', 'completed'], sortBy: 'createdAt', order: 'asc', dateFrom: since }),
        // Bounded like the open orders: unbounded, the server counts and sorts every order ever picked up (seconds
        // on a venue's second year), for the ten the column shows for 15 minutes.
        client
          .orders({ status: 'picked_up', sortBy: 'completedAt', order: 'desc', limit: 10, dateFrom: since })
          .then((r) => r.orders),
        source.printers(),
        source.foods(),
        source.figures(),
      ]);
      return { orders: [...open, ...picked], printers, foods, figures, timezone: health.timezone };
    },
    async foods() {
      return (await client.foods()).map(foodCard);
    },
    async figures() {
      try {
        const health = await client.health();
        const [report] = await client.reports({ from: health.businessDayStart, groupBy: 'all' });
        return {
          orders: report?.totalOrders ?? 0,
          revenue: report?.totalRevenue ?? 0,
          cash: report?.totalCashRevenue ?? 0,
          card: report?.totalCardRevenue ?? 0,
          sinceYesterday: beganYesterday(health.businessDayStart, report, health.timezone),
        };
      } catch (error) {
        if (error instanceof ApiError && error.status === 403) return null; // reports are for admins
        throw error;
      }
    },
    async printers() {
      const [printers, jobs] = await Promise.all([
        client.printers(),
        client.printJobs({ status: ['queued', 'printing'], limit: 500 }),
      ]);
      return printers.map((printer) => ({
        id: printer.id,
        name: printer.name,
        status: printer.status,
        statusReason: printer.statusReason ?? null,
        held: jobs.filter((job) => job.printerId === printer.id).length,
      }));
    },
    stream(handlers) {
      const controller = new AbortController();
      void readChannel(client, 'cashier', {
        signal: controller.signal,
        maxRetryMs: 5000,
        onEvent: (event) => handlers.onEvent(event),
        onStatus: (status) =>
          status.state === 'connected'
            ? handlers.onStatus('live')
            : handlers.onStatus('offline', { cause: status.cause, retryInMs: status.retryInMs }),
        onFatal: (status) => handlers.onStatus('offline', { refused: status }),
      });
      return () => controller.abort();
    },
    async order(orderId) {
      return client.order(orderId);
    },
    async setStatus(orderId, status) {
      await client.setOrderStatus(orderId, status);
    },
    async confirm(orderId, paymentMethod, cashRegisterId) {
      const order = await client.confirmOrder(orderId, {
        paymentMethod,
        ...(cashRegisterId === null ? {} : { cashRegisterId }),
      });
      const warnings = Array.isArray(order.warnings)
        ? order.warnings.filter((warning) => warning.code === 'no-receipt').map((warning) => warning.reason)
        : null;
      return { ticketNumber: order.ticketNumber, warnings };
    },
    async registers() {
      const registers = await client.cashRegisters();
      return registers.filter((r) => r.enabled).map((r) => ({ id: r.id, name: r.name, printerId: r.defaultPrinterId }));
    },
    async details(orderId) {
      const order = await client.order(orderId);
      return {
        ...namesOf(order),
        status: order.status,
        items: order.categorizedItems.flatMap((group) =>
          group.items.map((item) => ({
            category: group.category.name,
            quantity: item.quantity,
            name: item.food.name,
            notes: item.notes,
            // An older server sends no choices.
            choices: (item.choices ?? []).map((choice) => choice.name),
            refunded: item.refundedQuantity,
          })),
        ),
        discount: order.discount,
        refunded: order.refunded,
        stations: order.stations.map(({ printerId, name, status, doneAt }) => ({ printerId, name, status, doneAt })),
      };
    },
    async reprint(orderId) {
      const detail = await client.order(orderId);
      const items = detail.categorizedItems.flatMap((group) => group.items.map((item) => ({ id: item.id })));
      await client.reprint(orderId, { orderItems: items, reprintReceipt: false });
      return items.length;
    },
    async setFoodAvailable(foodId, available) {
      await client.updateFood(foodId, { available });
    },
    async setFoodStock(foodId, change) {
      return foodCard(await client.updateFood(foodId, change));
    },
  };
  return source;
}
