import { createHash } from 'node:crypto';
import type { Db } from '../../storage/database.js';
import type { z } from 'zod';
import { decodeMoney } from '../../api/money-codec.js';
import { centsToNumber, roundTo2Decimals, toCents } from '../money.js';
import { type CategoryStats, Report } from '../../api/reports.js';
import { emptyMoneyBack, type Figures } from './figures.js';
import type { Window } from './buckets.js';

// The shapes are the API's (src/api/reports.ts); the core builds them in cents, the codec writes the wire's numbers.
export type { CashRegisterStats, CategoryStats, FoodStats, Report } from '../../api/reports.js';

const BASE36 = '0123456789abcdefghijklmnopqrstuvwxyz';

function base36Digest(input: string, length: number): string {
  const bytes = createHash('sha256').update(input).digest();
  let out = '';
  for (let i = 0; i < length; i++) out += BASE36[(bytes[i] as number) % 36];
  return out;
}

/** A stable CUID-shaped id for a part of a report (category or register stats). */
function derivedId(...parts: string[]): string {
  return `c${base36Digest(parts.join('\u0000'), 24)}`;
}

// Computed (not stored) reports get an id that encodes their window, so GET /v1/reports/{id} can compute them
// again: "cz" + start and end in base36 (9 characters each) + a 5-character check. Random CUIDs never start with
// "cz" before the year 2059.
export function windowReportId(window: Window): string {
  const body = `${window.start.toString(36).padStart(9, '0')}${window.end.toString(36).padStart(9, '0')}`;
  return `cz${body}${base36Digest(body, 5)}`;
}

export function parseWindowReportId(id: string): Window | null {
  const match = /^cz([0-9a-z]{9})([0-9a-z]{9})([0-9a-z]{5})$/.exec(id);
  if (!match) return null;
  const [, start, end, check] = match as unknown as [string, string, string, string];
  if (base36Digest(start + end, 5) !== check) return null;
  const window = { start: parseInt(start, 36), end: parseInt(end, 36) };
  return window.end > window.start ? window : null;
}

export interface CatalogNames {
  categories: Map<string, { name: string; position: number }>;
  foods: Map<string, string>;
  registers: Map<string, string>;
}

/** Current names of the catalog records a report mentions (a record deleted since keeps its name from the orders). */
export async function catalogNames(db: Db, figures: Figures[]): Promise<CatalogNames> {
  const categoryIds = new Set<string>();
  const foodIds = new Set<string>();
  const registerIds = new Set<string>();
  for (const f of figures) {
    for (const food of f.foods.values()) {
      categoryIds.add(food.categoryId);
      foodIds.add(food.foodId);
    }
    for (const id of f.registers.keys()) registerIds.add(id);
    for (const id of f.components.keys()) foodIds.add(id);
  }
  const names: CatalogNames = { categories: new Map(), foods: new Map(), registers: new Map() };
  if (categoryIds.size > 0) {
    const rows = await db
      .selectFrom('categories')
      .select(['id', 'name', 'position'])
      .where('id', 'in', [...categoryIds])
      .execute();
    for (const row of rows) names.categories.set(row.id, { name: row.name, position: row.position });
  }
  if (foodIds.size > 0) {
    const rows = await db
      .selectFrom('foods')
      .select(['id', 'name'])
      .where('id', 'in', [...foodIds])
      .execute();
    for (const row of rows) names.foods.set(row.id, row.name);
  }
  if (registerIds.size > 0) {
    const rows = await db
      .selectFrom('cash_registers')
      .select(['id', 'name'])
      .where('id', 'in', [...registerIds])
      .execute();
    for (const row of rows) names.registers.set(row.id, row.name);
  }
  return names;
}

/** The Report (docs/reports.md) from raw figures: categories in menu order, foods and registers by name. */
export function buildReport(id: string, window: Window, figures: Figures, names: CatalogNames): Report {
  const categories = new Map<string, CategoryStats & { position: number }>();
  for (const food of figures.foods.values()) {
    let category = categories.get(food.categoryId);
    if (!category) {
      const current = names.categories.get(food.categoryId);
      const categoryStatsId = derivedId(id, 'category', food.categoryId);
      category = {
        id: categoryStatsId,
        reportId: id,
        categoryId: food.categoryId,
        categoryName: current?.name ?? food.categoryName,
        revenue: 0,
        quantity: 0,
        foodStats: [],
        position: current?.position ?? food.categoryPosition,
      };
      categories.set(food.categoryId, category);
    }
    category.revenue += food.revenueCents;
    category.quantity += food.quantity;
    category.foodStats.push({
      id: derivedId(id, 'food', food.categoryId, food.foodId),
      categoryStatsId: category.id,
      foodId: food.foodId,
      foodName: names.foods.get(food.foodId) ?? food.foodName,
      revenue: food.revenueCents,
      quantity: food.quantity,
    });
  }
  const categoryStats = [...categories.values()]
    .sort((a, b) => a.position - b.position || a.categoryName.localeCompare(b.categoryName))
    .map(({ position: _position, ...category }) => ({
      ...category,
      foodStats: category.foodStats.sort((a, b) => a.foodName.localeCompare(b.foodName)),
    }));
  const cashRegisterStats = [...figures.registers.values()]
    .map((register) => ({
      id: derivedId(id, 'register', register.cashRegisterId),
      reportId: id,
      cashRegisterId: register.cashRegisterId,
      cashRegisterName: names.registers.get(register.cashRegisterId) ?? 'deleted register',
      totalRevenue: register.revenueCents - (register.refundCents ?? 0),
      totalCardRevenue: register.cardCents - (register.refundCardCents ?? 0),
      totalCashRevenue: register.cashCents - (register.refundCashCents ?? 0),
    }))
    .sort((a, b) => a.cashRegisterName.localeCompare(b.cashRegisterName));
  // Derived, not stored: an order's total is its item totals minus its discount, so the discounts of any window are
  // its item revenue minus its revenue, and what no register took is the totals minus the registers' (snapshots
  // included, without a new column).
  const registered = { revenue: 0, cash: 0, card: 0 };
  for (const register of cashRegisterStats) {
    registered.revenue += register.totalRevenue;
    registered.cash += register.totalCashRevenue;
    registered.card += register.totalCardRevenue;
  }
  let itemRevenueCents = 0;
  for (const food of figures.foods.values()) itemRevenueCents += food.revenueCents;
  // Refunds come off the revenue of the window they were given in (docs/reports.md).
  const back = figures.moneyBack ?? emptyMoneyBack();
  const revenue = {
    total: figures.revenueCents - back.refundCents,
    cash: figures.cashCents - back.refundCashCents,
    card: figures.cardCents - back.refundCardCents,
  };
  return {
    id,
    timestamp: new Date(window.start).toISOString(),
    intervalInMinutes: Math.round((window.end - window.start) / 60_000),
    totalRevenue: revenue.total,
    totalCashRevenue: revenue.cash,
    totalCardRevenue: revenue.card,
    totalOrders: figures.orders,
    averageCompletitionTime:
      figures.completedOrders === 0 ? null : roundTo2Decimals(figures.completionMs / figures.completedOrders / 60_000),
    categoryStats,
    cashRegisterStats,
    totalDiscount: itemRevenueCents - figures.revenueCents,
    noRegisterStats: {
      totalRevenue: revenue.total - registered.revenue,
      totalCashRevenue: revenue.cash - registered.cash,
      totalCardRevenue: revenue.card - registered.card,
    },
    totalCovers: figures.covers,
    takeawayOrders: figures.takeawayOrders,
    takeawayRevenue: figures.takeawayCents,
    componentStats: [...figures.components.values()]
      .map((component) => ({
        foodId: component.foodId,
        foodName: names.foods.get(component.foodId) ?? component.foodName,
        quantity: component.quantity,
      }))
      .sort((a, b) => a.foodName.localeCompare(b.foodName)),
    totalRefunds: back.refundCents,
    cancellations: {
      count: back.cancellations.count,
      amount: back.cancellations.amountCents,
      cash: back.cancellations.cashCents,
      card: back.cancellations.cardCents,
    },
    discountsByReason: [...back.discounts]
      .map(([reason, entry]) => ({
        reason: reason === '' ? null : reason,
        count: entry.count,
        amount: entry.amountCents,
      }))
      .sort((a, b) => b.amount - a.amount || (a.reason ?? '').localeCompare(b.reason ?? '')),
  };
}

type WireReport = z.input<typeof Report>;
type LaterFields =
  | 'totalDiscount'
  | 'noRegisterStats'
  | 'totalRefunds'
  | 'cancellations'
  | 'discountsByReason'
  | 'componentStats';
type OlderReport = Omit<WireReport, LaterFields> & Partial<WireReport>;

/**
 * A closure saved by an older pos lacks `totalDiscount` and `noRegisterStats`: both follow from its own figures
 * (item revenue minus revenue; totals minus the register lines), so old closures answer in today's shape. Saved
 * reports (and stored responses) keep the wire's numbers of currency units; this works on those.
 */
export function completeReport(older: OlderReport): WireReport {
  // Covers and takeaway are newer still: 0 in a closure saved before them, when no order had either; and no set
  // menu was sold before they existed.
  const saved = { totalCovers: 0, takeawayOrders: 0, takeawayRevenue: 0, componentStats: [], ...older };
  // Before refunds existed: none given, none recorded, no reasons kept.
  const moneyBack = {
    totalRefunds: saved.totalRefunds ?? 0,
    cancellations: saved.cancellations ?? { count: 0, amount: 0, cash: 0, card: 0 },
    discountsByReason: saved.discountsByReason ?? [],
  };
  if (saved.totalDiscount !== undefined && saved.noRegisterStats !== undefined)
    return { ...saved, ...moneyBack } as WireReport;
  const cents = (units: number) => toCents(units) ?? 0;
  const sum = (values: number[]) => values.reduce((total, value) => total + cents(value), 0);
  const registers = saved.cashRegisterStats;
  return {
    ...saved,
    componentStats: saved.componentStats ?? [],
    ...moneyBack,
    totalDiscount: centsToNumber(sum(saved.categoryStats.map((c) => c.revenue)) - cents(saved.totalRevenue)),
    noRegisterStats: {
      totalRevenue: centsToNumber(cents(saved.totalRevenue) - sum(registers.map((r) => r.totalRevenue))),
      totalCashRevenue: centsToNumber(cents(saved.totalCashRevenue) - sum(registers.map((r) => r.totalCashRevenue))),
      totalCardRevenue: centsToNumber(cents(saved.totalCardRevenue) - sum(registers.map((r) => r.totalCardRevenue))),
    },
  };
}

/** A report as the `reports` table keeps it: the wire's form, as every release wrote it. */
export function storedReport(report: Report): string {
  return JSON.stringify(Report.encode(report));
}

/** A report read back from the `reports` table, completed and in cents. */
export function savedReport(data: string): Report {
  return decodeMoney(Report, completeReport(JSON.parse(data) as WireReport));
}
