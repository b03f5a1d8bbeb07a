import { z } from 'zod';
import { ClosureSession } from './cash-sessions.js';
import { GROUP_BY } from './enums.js';
import { cuid, isoDateTimeBound } from './common.js';
import { numberMoney } from './money-codec.js';

/** A date-time (without an offset: venue time), or a plain date meaning the start of that venue-time day. */
const instant = z.union([isoDateTimeBound({ local: true }), z.iso.date()], {
  message: 'must be an ISO 8601 date (2026-11-21) or date-time (2026-11-21T18:00, venue time unless it has an offset)',
});

export const ReportsQuery = z.object({
  from: instant,
  to: instant.optional(),
  groupBy: z.enum(GROUP_BY),
});

export const ClosureInput = z.object({ cashRegister: cuid });

export const FoodStats = z.object({
  id: z.string(),
  categoryStatsId: z.string(),
  foodId: z.string(),
  foodName: z.string(),
  revenue: numberMoney,
  quantity: z.number(),
});

export const CategoryStats = z.object({
  id: z.string(),
  reportId: z.string(),
  categoryId: z.string(),
  categoryName: z.string(),
  revenue: numberMoney,
  quantity: z.number(),
  foodStats: z.array(FoodStats),
});

export const CashRegisterStats = z.object({
  id: z.string(),
  reportId: z.string(),
  cashRegisterId: z.string(),
  cashRegisterName: z.string(),
  totalRevenue: numberMoney,
  totalCardRevenue: numberMoney,
  totalCashRevenue: numberMoney,
});

const ComponentStats = z.object({ foodId: z.string(), foodName: z.string(), quantity: z.number() });
export type ComponentStats = z.infer<typeof ComponentStats>;

export const Report = z.object({
  id: z.string(),
  timestamp: z.string(),
  intervalInMinutes: z.number(),
  totalRevenue: numberMoney,
  totalCashRevenue: numberMoney,
  totalCardRevenue: numberMoney,
  totalOrders: z.number(),
  averageCompletitionTime: z.number().nullable(),
  categoryStats: z.array(CategoryStats),
  cashRegisterStats: z.array(CashRegisterStats),
  // Extensions, so the figures add up on paper:
  /** Σ order discounts. The category revenues are before discounts: Σ categoryStats.revenue − totalDiscount = totalRevenue. */
  totalDiscount: numberMoney,
  /** The orders confirmed without a register: with it, the register lines add up to the totals. */
  noRegisterStats: z.object({
    totalRevenue: numberMoney,
    totalCashRevenue: numberMoney,
    totalCardRevenue: numberMoney,
  }),
  /**
   * Σ covers of the orders; the orders taken away and Σ of their totals (after discounts). 0 in a closure saved, or
   * queued for printing, before they existed: no order had covers or was taken away then.
   */
  totalCovers: z.number().int().default(0),
  takeawayOrders: z.number().int().default(0),
  takeawayRevenue: numberMoney.default(0),
  /**
   * The foods sold as set menus' components, by food (their revenue counts on the menu ordered). Always given by
   * this server; optional so a report of an older one still reads.
   */
  componentStats: z.array(ComponentStats).optional(),
  /**
   * Σ refunds given back in the window (by when they were given). The revenues above are net of them:
   * Σ categoryStats.revenue − totalDiscount − totalRefunds = totalRevenue.
   */
  totalRefunds: numberMoney,
  /** Confirmed orders deleted in the window, and what was paid back for them: information, in no total above. */
  cancellations: z.object({ count: z.number(), amount: numberMoney, cash: numberMoney, card: numberMoney }),
  /** The discounts of the window's orders by the reason given (null: none given); amounts add up to totalDiscount. */
  discountsByReason: z.array(z.object({ reason: z.string().nullable(), count: z.number(), amount: numberMoney })),
});
export type Report = z.infer<typeof Report>;
export type FoodStats = z.infer<typeof FoodStats>;
export type CategoryStats = z.infer<typeof CategoryStats>;
export type CashRegisterStats = z.infer<typeof CashRegisterStats>;

/**
 * The general closure's answer: the Report, the register that asked, and the drawers' sessions of the day (those
 * open at any time of the closure's window, oldest first), so the treasurer sees each drawer beside the totals.
 */
export const ClosureReport = Report.extend({ cashRegisterId: z.string(), sessions: z.array(ClosureSession) });
/**
 * The `general-closure` event: every flat Report field and `cashRegisterId` (what older print services read),
 * plus what MySagra's print service reads today: `cashRegister`, the register that asked, and `report`, the same
 * Report nested.
 */
export const ClosureEvent = ClosureReport.extend({ cashRegister: z.string(), report: Report });
export type ClosureEvent = z.infer<typeof ClosureEvent>;
export const SavedClosure = Report.extend({ cashRegisterId: z.string().nullable(), createdAt: z.string() });
