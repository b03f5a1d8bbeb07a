import type { PosClient } from '../client/http.js';
import { CliError } from './errors.js';

// `pos orders list` pages of any size, and every order with --all. The server answers at most 100 orders a
// request; a bigger page is gathered from the server's pages of 100 that cover it.

/** The most orders the server sends in one answer (`limit`). */
export const SERVER_LIMIT = 100;

type OrdersQuery = NonNullable<Parameters<PosClient['orders']>[0]>;
type OrderList = Awaited<ReturnType<PosClient['orders']>>;
export type ListedOrder = OrderList['orders'][number];

export interface OrdersPage {
  orders: ListedOrder[];
  /** The page as the caller counts it (`limit` orders each; with --all, everything is page 1 of 1). */
  pagination: { currentPage: number; totalItems: number; totalPages: number };
  limit: number | 'all';
}

/**
 * Page `page` of `limit` orders (or every order), newest first unless the query says otherwise. Orders sold while the
 * pages are read can shift them by a few: an order seen twice is kept once.
 */
export async function ordersPage(
  client: Pick<PosClient, 'orders'>,
  query: Omit<OrdersQuery, 'page' | 'limit'>,
  page: number,
  limit: number | 'all',
): Promise<OrdersPage> {
  if (limit !== 'all' && limit <= SERVER_LIMIT) {
    const result = await client.orders({ ...query, page, limit });
    return { orders: result.orders, pagination: result.pagination, limit };
  }
  const offset = limit === 'all' ? 0 : (page - 1) * limit;
  const end = limit === 'all' ? Infinity : offset + limit;
  const seen = new Set<number>();
  const orders: ListedOrder[] = [];
  let totalItems = 0;
  for (let serverPage = Math.floor(offset / SERVER_LIMIT) + 1; (serverPage - 1) * SERVER_LIMIT < end; serverPage++) {
    const result = await client.orders({ ...query, page: serverPage, limit: SERVER_LIMIT });
    totalItems = result.pagination.totalItems;
    const first = (serverPage - 1) * SERVER_LIMIT;
    result.orders.forEach((order, index) => {
      const at = first + index;
      if (at >= offset && at < end && !seen.has(order.id)) {
        seen.add(order.id);
        orders.push(order);
      }
    });
    if (serverPage >= result.pagination.totalPages) break;
  }
  const totalPages = limit === 'all' ? 1 : Math.ceil(totalItems / limit);
  return { orders, pagination: { currentPage: limit === 'all' ? 1 : page, totalItems, totalPages }, limit };
}

/** The line under the table: which orders these are, how many there are, and how to see the next ones. */
export function pageFooter({ orders, pagination, limit }: OrdersPage): string {
  const { currentPage, totalItems, totalPages } = pagination;
  if (limit === 'all' || totalItems === 0) return `${totalItems} order${totalItems === 1 ? '' : 's'}`;
  const first = (currentPage - 1) * limit + 1;
  const shown = orders.length === 0 ? 'none' : `${first}-${first + orders.length - 1}`;
  const where = `orders ${shown} of ${totalItems} (page ${currentPage} of ${Math.max(totalPages, 1)})`;
  if (currentPage >= totalPages) return where;
  return `${where}; next: --page ${currentPage + 1}${limit === 20 ? '' : ` --limit ${limit}`}, or --all for every one`;
}

/** `--page` and `--limit` as whole numbers of 1 or more. */
export function positive(value: string, flag: string): number {
  if (!/^\d+$/.test(value.trim()) || Number(value) < 1) {
    throw new CliError(`${flag} must be a whole number of 1 or more, got "${value}"`);
  }
  return Number(value);
}
