import { refundedCents } from './refunds.js';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { ListOrdersQuery, OrderDetail } from '../../api/orders.js';
import { engineOf } from '../../storage/engine.js';
import { listParams, prepared } from '../../storage/prepared.js';
import type { OrderItemRow, OrderRow } from '../../storage/schema.js';
import { type CoreContext, reader } from '../context.js';
import { stationsOfOrders } from '../stations/queries.js';
import { NotFoundError } from '../errors.js';
import { isDisplayCode } from './display-code.js';
import { unitSurcharge } from './pricing.js';
import { itemChoice, orderFields } from './records.js';
import { loadChoices } from './routing.js';

const SORT_COLUMNS = {
  createdAt: 'created_at',
  confirmedAt: 'confirmed_at',
  completedAt: 'completed_at',
  ticketNumber: 'ticket_number',
  total: 'total_cents',
} as const;
const NEVER_NULL = new Set<string>(['created_at', 'total_cents']);

/** A row of the list: the schema of the list keeps the fields it shows (amounts, times, ticket, payment). */
function listItem(order: OrderRow) {
  return {
    ...orderFields(order),
    status: order.status.toLowerCase() as 'pending' | 'confirmed' | 'completed' | 'picked_up',
  };
}

/** A plain date bound is that whole venue-time day; a date-time is taken as is. */
function dateBound(ctx: CoreContext, value: string, edge: 'from' | 'to'): number {
  if (value.length === 10) {
    const start = ctx.venue.startOfDay(value);
    return edge === 'from' ? start.getTime() : ctx.venue.local(start).plus({ days: 1 }).toMillis() - 1;
  }
  return Date.parse(value);
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

type OrderPage = Awaited<ReturnType<typeof readOrderPage>>;

/**
 * Changes whenever any connection (this server's writer, a CLI, a restore) commits to the database. On PostgreSQL
 * the snapshot (the next transaction id and those in flight) changes with every write anywhere in the cluster: any
 * other instance's commit makes the cached pages fresh again, as it must.
 */
const dataVersion = prepared<object, { data_version: number | string }>(() => sql`pragma data_version`);
const snapshot = prepared<object, { data_version: number | string }>(
  () => sql`select pg_current_snapshot()::text as data_version`,
);

/** The pages asked since the database last changed, per database: the newest answers, at most this many. */
const pageCaches = new WeakMap<object, { version: number | string; pages: Map<string, OrderPage> }>();
const CACHED_PAGES = 200;

/**
 * A page of the order list. Tablets keep asking for the same page (the open orders, a search) between two sales,
 * and a search or the total count reads every order of the evening; so a page is computed once per change of the
 * database, and asked again it is answered from memory. Any commit, by anyone, makes every page fresh again.
 */
export async function listOrders(ctx: CoreContext, query: ListOrdersQuery): Promise<OrderPage> {
  const db = reader(ctx);
  const changes = engineOf(db) === 'postgres' ? snapshot : dataVersion;
  const version = ((await changes.executeTakeFirst(db, {})) as { data_version: number | string }).data_version;
  let cache = pageCaches.get(ctx.storage);
  if (!cache || cache.version !== version) {
    cache = { version, pages: new Map() };
    pageCaches.set(ctx.storage, cache);
  }
  const key = JSON.stringify(query);
  const cached = cache.pages.get(key);
  if (cached) return cached;
  const page = await readOrderPage(ctx, query);
  if (cache.pages.size >= CACHED_PAGES) cache.pages.delete(cache.pages.keys().next().value as string);
  cache.pages.set(key, page);
  return page;
}

async function readOrderPage(ctx: CoreContext, query: ListOrdersQuery) {
  let base = reader(ctx).selectFrom('orders');
  if (query.status && query.status.length > 0) base = base.where('status', 'in', query.status);
  if (query.displayCode) base = base.where('display_code', '=', query.displayCode.toUpperCase());
  if (query.dateFrom) base = base.where('created_at', '>=', dateBound(ctx, query.dateFrom, 'from'));
  if (query.dateTo) base = base.where('created_at', '<=', dateBound(ctx, query.dateTo, 'to'));
  if (query.cashRegisterId) base = base.where('cash_register_id', '=', query.cashRegisterId);
  if (query.awaitingTable) {
    const waiting = reader(ctx).selectFrom('order_awaiting_table').select('order_id');
    base = base.where('id', query.awaitingTable === 'true' ? 'in' : 'not in', waiting);
  }
  if (query.search) {
    const search = query.search;
    // SQLite's LIKE ignores the case of ASCII letters; PostgreSQL's ILIKE does, of every letter.
    const like = engineOf(reader(ctx)) === 'postgres' ? 'ilike' : 'like';
    const pattern = `%${escapeLike(search)}%`;
    base = base.where((eb) => {
      const terms = [
        eb('customer', like, sql<string>`${pattern} escape '\\'`),
        eb('table_name', like, sql<string>`${pattern} escape '\\'`),
      ];
      if (isDisplayCode(search.toUpperCase())) terms.push(eb('display_code', '=', search.toUpperCase()));
      if (/^\d{1,9}$/.test(search)) terms.push(eb('ticket_number', '=', Number(search)));
      return eb.or(terms);
    });
  }
  const { count } = await base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  const column = SORT_COLUMNS[query.sortBy];
  let ordered = base.selectAll();
  // Orders without the value (not confirmed yet, ...) go last. created_at and total_cents are never null: leaving
  // the term out for them lets SQLite walk the index in order and stop at the page instead of sorting every match.
  if (!NEVER_NULL.has(column)) ordered = ordered.orderBy(sql`${sql.ref(column)} is null`);
  const rows = await ordered
    .orderBy(column, query.order)
    .orderBy('id', query.order)
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .execute();
  const totalItems = Number(count);
  const stations = await stationsOfOrders(
    reader(ctx),
    rows.map((row) => row.id),
  );
  return {
    orders: rows.map((row) => ({ ...listItem(row), stations: stations.get(row.id) ?? [] })),
    pagination: { currentPage: query.page, totalItems, totalPages: Math.ceil(totalItems / query.limit) },
  };
}

// The detail view's reads, built once (tablets open orders all evening).
const orderById = prepared<{ id: number }, OrderRow>((db, p) =>
  db.selectFrom('orders').selectAll().where('id', '=', p.id),
);
const itemsOfOrder = prepared<{ id: number }, OrderItemRow>((db, p) =>
  db.selectFrom('order_items').selectAll().where('order_id', '=', p.id).orderBy('position'),
);
const foodAvailability = prepared<{ ids: string[] }, { id: string; available: number; category_available: number }>(
  (db, _p, count) =>
    db
      .selectFrom('foods')
      .innerJoin('categories', 'categories.id', 'foods.category_id')
      .select(['foods.id', 'foods.available', 'categories.available as category_available'])
      .where('foods.id', 'in', listParams<string>('ids', count)),
);
const foodIngredients = prepared<{ ids: string[] }, { food_id: string; id: string; name: string }>((db, _p, count) =>
  db
    .selectFrom('food_ingredients')
    .innerJoin('ingredients', 'ingredients.id', 'food_ingredients.ingredient_id')
    .select(['food_ingredients.food_id', 'ingredients.id', 'ingredients.name'])
    .where('food_ingredients.food_id', 'in', listParams<string>('ids', count))
    .orderBy('food_ingredients.position'),
);

/** The detail view: items grouped by category (menu order), each with its food as the menu shows it now. */
export async function getOrderDetail(ctx: CoreContext, id: number) {
  const db = reader(ctx);
  const order = await orderById.executeTakeFirst(db, { id });
  if (!order) throw new NotFoundError('Order not found');
  const items = await itemsOfOrder.execute(db, { id });
  const choices = await loadChoices(
    db,
    items.map((item) => item.id),
  );
  const foodIds = [...new Set(items.map((item) => item.food_id))];
  const foods = foodIds.length ? await foodAvailability.execute(db, { ids: foodIds }, foodIds.length) : [];
  const ingredients = foodIds.length ? await foodIngredients.execute(db, { ids: foodIds }, foodIds.length) : [];
  const availability = new Map(foods.map((food) => [food.id, food.available === 1 && food.category_available === 1]));
  const ingredientsOf = new Map<string, Array<{ id: string; name: string }>>();
  for (const row of ingredients) {
    const list = ingredientsOf.get(row.food_id) ?? [];
    list.push({ id: row.id, name: row.name });
    ingredientsOf.set(row.food_id, list);
  }

  type DetailItem = z.infer<typeof OrderDetail>['categorizedItems'][number]['items'][number];
  const groups = new Map<string, { position: number; category: { id: string; name: string }; items: DetailItem[] }>();
  for (const item of items) {
    let group = groups.get(item.category_id);
    if (!group) {
      group = {
        position: item.category_position,
        category: { id: item.category_id, name: item.category_name },
        items: [],
      };
      groups.set(item.category_id, group);
    }
    group.items.push({
      id: item.id,
      quantity: item.quantity,
      notes: item.notes,
      unitPrice: item.unit_price_cents,
      unitSurcharge: unitSurcharge(item.surcharge_cents, item.quantity),
      total: item.total_cents,
      refundedQuantity: item.refunded_quantity,
      food: {
        id: item.food_id,
        name: item.food_name,
        description: item.food_description,
        price: item.unit_price_cents,
        available: availability.get(item.food_id) ?? false,
        ingredients: ingredientsOf.get(item.food_id) ?? [],
      },
      role: item.role,
      choices: (choices.get(item.id) ?? []).map(itemChoice),
    });
  }
  const categorizedItems = [...groups.values()]
    .sort((a, b) => a.position - b.position || a.category.name.localeCompare(b.category.name))
    .map(({ category, items: groupItems }) => ({ category, items: groupItems }));

  return {
    ...orderFields(order),
    categorizedItems,
    stations: (await stationsOfOrders(db, [order.id])).get(order.id) ?? [],
    discountReason: order.discount_reason,
    refunded: await refundedCents(db, order.id),
  };
}
