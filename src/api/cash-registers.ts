import { z } from 'zod';
import { booleanQuery, cuid, includeQuery, text } from './common.js';
import { Printer } from './printers.js';

/** A register's categories: at least one, each once; null shows every category. */
const RegisterCategories = z
  .array(cuid)
  .min(1, 'list at least one category, or null for all')
  .max(200)
  .refine((list) => new Set(list).size === list.length, 'lists a category twice')
  .nullable();

export const CashRegister = z.object({
  id: z.string(),
  name: z.string(),
  enabled: z.boolean(),
  /** Null once its printer was deleted (the register then has no receipt printer until one is set). */
  defaultPrinterId: z.string().nullable(),
  /** With `include=printer`: the full printer, or null. */
  defaultPrinter: Printer.nullable().optional(),
  /** The categories its till shows (a bar till: the drinks); null: all of them. */
  categoryIds: z.array(z.string()).nullable(),
});
export type CashRegister = z.infer<typeof CashRegister>;

export const CashRegisterInput = z.object({
  name: text(100),
  enabled: z.boolean().default(true),
  defaultPrinterId: cuid,
  /** Left out: all categories on create, kept on replace (clients of the interface don't know it). */
  categoryIds: RegisterCategories.optional(),
});
export type CashRegisterInput = z.infer<typeof CashRegisterInput>;

export const CashRegisterPatch = z
  .object({ enabled: z.boolean().optional(), categoryIds: RegisterCategories.optional() })
  .refine(
    (value) => value.enabled !== undefined || value.categoryIds !== undefined,
    'give enabled, categoryIds, or both',
  );
export type CashRegisterPatch = z.infer<typeof CashRegisterPatch>;

export const CashRegistersQuery = z.object({
  include: includeQuery(['printer']).optional(),
  enabled: booleanQuery.optional(),
});

export const CashRegisterQuery = z.object({ include: includeQuery(['printer']).optional() });

/** `POST /v1/cash-registers/{id}/open-drawer`: the printer whose drawer is kicked (the register's default printer). */
export const OpenDrawerResponse = z.object({ printerId: z.string() });
export type OpenDrawerResponse = z.infer<typeof OpenDrawerResponse>;

/** `open-drawer` on the printer channel: a print service kicks the drawer wired to `printerId`. */
export const OpenDrawerEvent = z.object({ printerId: z.string(), cashRegisterId: z.string() });
