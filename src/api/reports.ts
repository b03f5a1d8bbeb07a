import { z } from 'zod';
import { GROUP_BY } from '../core/reports/buckets.js';
import { cuid } from './common.js';

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

const FoodStats = z.object({
  id: z.string(),
  categoryStatsId: z.string(),
  foodId: z.string(),
  foodName: z.string(),
  revenue: z.number(),
  quantity: z.number(),
});

const CategoryStats = z.object({
  id: z.string(),
  reportId: z.string(),
  categoryId: z.string(),
  categoryName: z.string(),
  revenue: z.number(),
  quantity: z.number(),
  foodStats: z.array(FoodStats),
});

const CashRegisterStats = z.object({
  id: z.string(),
  reportId: z.string(),
  cashRegisterId: z.string(),
  cashRegisterName: z.string(),
  totalRevenue: z.number(),
  totalCardRevenue: z.number(),
  totalCashRevenue: z.number(),
});

export const Report = z.object({
  id: z.string(),
  timestamp: z.string(),
  intervalInMinutes: z.number(),
  totalRevenue: z.number(),
  totalCashRevenue: z.number(),
  totalCardRevenue: z.number(),
  totalOrders: z.number(),
  averageCompletitionTime: z.number().nullable(),
  categoryStats: z.array(CategoryStats),
  cashRegisterStats: z.array(CashRegisterStats),
});
export type Report = z.infer<typeof Report>;

export const ClosureReport = Report.extend({ cashRegisterId: z.string() });
export const SavedClosure = Report.extend({ cashRegisterId: z.string().nullable(), createdAt: z.string() });
