import { z } from 'zod';
import { cuid, decimalInteger, repeatable } from './common.js';
import { PRINT_JOB_KINDS, PRINT_JOB_STATUSES } from './enums.js';

export { PRINT_JOB_KINDS, PRINT_JOB_STATUSES };

export const PrintJob = z.object({
  id: z.number().int(),
  printerId: z.string().nullable(),
  printerName: z.string().nullable(),
  kind: z.enum(PRINT_JOB_KINDS),
  orderId: z.number().int().nullable(),
  reportId: z.string().nullable(),
  status: z.enum(PRINT_JOB_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  /** A one-line description: ticket number, code, station, items. */
  summary: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  printedAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
});
export type PrintJob = z.infer<typeof PrintJob>;

export const PrintJobsQuery = z.object({
  printerId: cuid.optional(),
  status: repeatable(z.enum(PRINT_JOB_STATUSES)).optional(),
  orderId: decimalInteger({ min: 1, max: Number.MAX_SAFE_INTEGER, message: 'must be an order number' }).optional(),
  limit: decimalInteger({ min: 1, max: 500 }).default(100),
});

export const PrintJobParams = z.object({
  id: decimalInteger({ min: 1, max: Number.MAX_SAFE_INTEGER, message: 'must be a print job number' }),
});

export const RetryInput = z
  .object({ printerId: cuid.optional() })
  .nullish()
  .transform((value) => value ?? {});
