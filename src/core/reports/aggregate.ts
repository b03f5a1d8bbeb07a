import { sql } from 'kysely';
import type { Db } from '../../storage/database.js';
import { addFigures, emptyFigures, type Figures, foodKey } from './figures.js';
import { addMoneyBack } from './money-back.js';

// What counts (docs/reports.md): orders that were confirmed (confirmedAt set) and still exist, by confirmedAt;
// completion time by completedAt. Category and food revenue are item totals before the order discount.

const sum = (column: string) => sql<number>`coalesce(sum(${sql.ref(column)}), 0)`;

/** Direct aggregation of the orders in [start, end). */
export async function liveFigures(db: Db, start: number, end: number): Promise<Figures> {
  const figures = emptyFigures();
  if (end <= start) return figures;
  // biome-ignore lint/suspicious/noExplicitAny: one filter for the builders of several queries, each its own type
  const inWindow = (column: 'confirmed_at' | 'completed_at') => (qb: any) =>
    qb.where(column, '>=', start).where(column, '<', end);

  const totals = await db
    .selectFrom('orders')
    .select((eb) => [
      eb.fn.countAll<number>().as('orders'),
      sum('total_cents').as('revenue'),
      eb.fn
        .coalesce(
          eb.fn.sum<number>(eb.case().when('payment_method', '=', 'CASH').then(eb.ref('total_cents')).else(0).end()),
          eb.lit(0),
        )
        .as('cash'),
      eb.fn
        .coalesce(
          eb.fn.sum<number>(eb.case().when('payment_method', '=', 'CARD').then(eb.ref('total_cents')).else(0).end()),
          eb.lit(0),
        )
        .as('card'),
      sum('covers').as('covers'),
      eb.fn
        .coalesce(eb.fn.sum<number>(eb.case().when('service', '=', 'TAKEAWAY').then(1).else(0).end()), eb.lit(0))
        .as('takeaway_orders'),
      eb.fn
        .coalesce(
          eb.fn.sum<number>(eb.case().when('service', '=', 'TAKEAWAY').then(eb.ref('total_cents')).else(0).end()),
          eb.lit(0),
        )
        .as('takeaway_cents'),
    ])
    .$call(inWindow('confirmed_at'))
    .executeTakeFirstOrThrow();
  figures.orders = Number(totals.orders);
  figures.revenueCents = Number(totals.revenue);
  figures.cashCents = Number(totals.cash);
  figures.cardCents = Number(totals.card);
  figures.covers = Number(totals.covers);
  figures.takeawayOrders = Number(totals.takeaway_orders);
  figures.takeawayCents = Number(totals.takeaway_cents);

  const completion = await db
    .selectFrom('orders')
    .select((eb) => [
      eb.fn.countAll<number>().as('count'),
      sql<number>`coalesce(sum(completed_at - confirmed_at), 0)`.as('ms'),
    ])
    .$call(inWindow('completed_at'))
    .where('confirmed_at', 'is not', null)
    .executeTakeFirstOrThrow();
  figures.completedOrders = Number(completion.count);
  figures.completionMs = Number(completion.ms);
  if (figures.orders === 0) return figures;

  const foods = await db
    .selectFrom('order_items')
    .innerJoin('orders', 'orders.id', 'order_items.order_id')
    .select((eb) => [
      'order_items.category_id',
      'order_items.food_id',
      eb.fn.max('order_items.category_name').as('category_name'),
      eb.fn.max('order_items.category_position').as('category_position'),
      eb.fn.max('order_items.food_name').as('food_name'),
      sum('order_items.total_cents').as('revenue'),
      sum('order_items.quantity').as('quantity'),
    ])
    .where('orders.confirmed_at', '>=', start)
    .where('orders.confirmed_at', '<', end)
    .groupBy(['order_items.category_id', 'order_items.food_id'])
    .execute();
  for (const row of foods) {
    figures.foods.set(foodKey(row.category_id, row.food_id), {
      categoryId: row.category_id,
      categoryName: row.category_name,
      categoryPosition: Number(row.category_position),
      foodId: row.food_id,
      foodName: row.food_name,
      revenueCents: Number(row.revenue),
      quantity: Number(row.quantity),
    });
  }

  const registers = await db
    .selectFrom('orders')
    .select((eb) => [
      'cash_register_id',
      sum('total_cents').as('revenue'),
      eb.fn
        .coalesce(
          eb.fn.sum<number>(eb.case().when('payment_method', '=', 'CASH').then(eb.ref('total_cents')).else(0).end()),
          eb.lit(0),
        )
        .as('cash'),
      eb.fn
        .coalesce(
          eb.fn.sum<number>(eb.case().when('payment_method', '=', 'CARD').then(eb.ref('total_cents')).else(0).end()),
          eb.lit(0),
        )
        .as('card'),
    ])
    .$call(inWindow('confirmed_at'))
    .where('cash_register_id', 'is not', null)
    .groupBy('cash_register_id')
    .execute();
  for (const row of registers) {
    const id = row.cash_register_id as string;
    figures.registers.set(id, {
      cashRegisterId: id,
      revenueCents: Number(row.revenue),
      cashCents: Number(row.cash),
      cardCents: Number(row.card),
    });
  }
  return figures;
}

/** The sum of the stored hourly snapshots with hour_start in [start, end). */
async function snapshotFigures(db: Db, start: number, end: number): Promise<Figures> {
  const figures = emptyFigures();
  if (end <= start) return figures;
  const totals = await db
    .selectFrom('snapshot_hours')
    .select([
      sum('orders').as('orders'),
      sum('revenue_cents').as('revenue'),
      sum('cash_cents').as('cash'),
      sum('card_cents').as('card'),
      sum('completed_orders').as('completed'),
      sum('completion_ms').as('ms'),
      sum('covers').as('covers'),
      sum('takeaway_orders').as('takeaway_orders'),
      sum('takeaway_cents').as('takeaway_cents'),
    ])
    .where('hour_start', '>=', start)
    .where('hour_start', '<', end)
    .executeTakeFirstOrThrow();
  figures.orders = Number(totals.orders);
  figures.revenueCents = Number(totals.revenue);
  figures.cashCents = Number(totals.cash);
  figures.cardCents = Number(totals.card);
  figures.completedOrders = Number(totals.completed);
  figures.completionMs = Number(totals.ms);
  figures.covers = Number(totals.covers);
  figures.takeawayOrders = Number(totals.takeaway_orders);
  figures.takeawayCents = Number(totals.takeaway_cents);
  if (figures.orders === 0) return figures;

  const foods = await db
    .selectFrom('snapshot_foods')
    .select((eb) => [
      'category_id',
      'food_id',
      eb.fn.max('category_name').as('category_name'),
      eb.fn.max('category_position').as('category_position'),
      eb.fn.max('food_name').as('food_name'),
      sum('revenue_cents').as('revenue'),
      sum('quantity').as('quantity'),
    ])
    .where('hour_start', '>=', start)
    .where('hour_start', '<', end)
    .groupBy(['category_id', 'food_id'])
    .execute();
  for (const row of foods) {
    figures.foods.set(foodKey(row.category_id, row.food_id), {
      categoryId: row.category_id,
      categoryName: row.category_name,
      categoryPosition: Number(row.category_position),
      foodId: row.food_id,
      foodName: row.food_name,
      revenueCents: Number(row.revenue),
      quantity: Number(row.quantity),
    });
  }
  const registers = await db
    .selectFrom('snapshot_registers')
    .select([
      'cash_register_id',
      sum('revenue_cents').as('revenue'),
      sum('cash_cents').as('cash'),
      sum('card_cents').as('card'),
    ])
    .where('hour_start', '>=', start)
    .where('hour_start', '<', end)
    .groupBy('cash_register_id')
    .execute();
  for (const row of registers) {
    figures.registers.set(row.cash_register_id, {
      cashRegisterId: row.cash_register_id,
      revenueCents: Number(row.revenue),
      cashCents: Number(row.cash),
      cardCents: Number(row.card),
    });
  }
  return figures;
}

/**
 * Figures of any window: whole snapshotted hours come from the snapshots, the rest (a partial first hour, and
 * everything after the snapshot watermark) from the orders themselves.
 */
export async function windowFigures(
  db: Db,
  window: { start: number; end: number },
  snapshots: { watermark: number; ceilHour: (at: number) => number; floorHour: (at: number) => number },
): Promise<Figures> {
  const from = snapshots.ceilHour(window.start);
  const to = Math.min(snapshots.floorHour(window.end), snapshots.watermark);
  let figures: Figures;
  if (from >= to) figures = await liveFigures(db, window.start, window.end);
  else {
    figures = await snapshotFigures(db, from, to);
    addFigures(figures, await liveFigures(db, window.start, from));
    addFigures(figures, await liveFigures(db, to, window.end));
  }
  if (figures.orders > 0) figures.components = await componentFigures(db, window.start, window.end);
  return addMoneyBack(db, figures, window.start, window.end);
}

/**
 * The components sold inside set menus, by food, in [start, end) of confirmation: one per unit of the line. Read
 * from the choices (a small table, the side the query starts from), so a long window without set menus costs
 * nothing, and the hourly snapshots need no new figure.
 */
async function componentFigures(db: Db, start: number, end: number): Promise<Figures['components']> {
  const rows = await db
    .selectFrom('order_item_choices as c')
    .innerJoin('order_items as i', 'i.id', 'c.item_id')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .select((eb) => [
      'c.component_food_id',
      eb.fn.max('c.component_food_name').as('food_name'),
      sum('i.quantity').as('quantity'),
    ])
    .where('c.component_food_id', 'is not', null)
    .where('o.confirmed_at', '>=', start)
    .where('o.confirmed_at', '<', end)
    .groupBy('c.component_food_id')
    .execute();
  return new Map(
    rows.map((row) => [
      row.component_food_id as string,
      { foodId: row.component_food_id as string, foodName: row.food_name ?? '', quantity: Number(row.quantity) },
    ]),
  );
}

/**
 * The first confirmation, completion, refund or cancellation at or after `from` (an index seek each); null when
 * there is none.
 */
export async function nextActivity(db: Db, from: number): Promise<number | null> {
  const first = async (column: 'confirmed_at' | 'completed_at') =>
    (
      await db
        .selectFrom('orders')
        .select((eb) => eb.fn.min<number | null>(column).as('at'))
        .where(column, '>=', from)
        .executeTakeFirstOrThrow()
    ).at;
  const firstOf = async (table: 'refunds' | 'cancellations') =>
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.min<number | null>('created_at').as('at'))
        .where('created_at', '>=', from)
        .executeTakeFirstOrThrow()
    ).at;
  const candidates = [
    await first('confirmed_at'),
    await first('completed_at'),
    await firstOf('refunds'),
    await firstOf('cancellations'),
  ].filter((value): value is number => value !== null);
  return candidates.length > 0 ? Math.min(...candidates) : null;
}
