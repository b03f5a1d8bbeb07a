import { z } from 'zod';
import { ClosureSession } from './cash-sessions.js';
import { GROUP_BY } from './enums.js';
import { cuid } from './common.js';
import { numberMoney } from './money-codec.js';

/** A date-time (without an offset: venue time), or a plain date meaning the start of that venue-time day. */
const instant = z.union([
  z.iso.datetime({ offset: true, local: true, message: 'must be an ISO 8601 date-time' }),
  z.iso.date({ message: 'must be an ISO 8601 date or date-time' }),
]);

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
