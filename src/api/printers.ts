import { isIP } from 'node:net';
import { z } from 'zod';
import { optionalText, text } from './common.js';

export const PRINTER_STATUSES = ['ONLINE', 'OFFLINE', 'ERROR'] as const;
export const PrinterStatus = z.enum(PRINTER_STATUSES);
export type PrinterStatus = z.infer<typeof PrinterStatus>;

const HOSTNAME = /^(?=.{1,253}$)([a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)(\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** An IPv4 address or a host name (a printer is on the venue LAN). */
export const printerAddress = z
  .string()
  .trim()
  .refine(
    (value) => isIP(value) === 4 || (HOSTNAME.test(value) && !/^[\d.]+$/.test(value)),
    'must be an IPv4 address or a host name',
  );

export const Printer = z.object({
  id: z.string(),
  name: z.string(),
  ip: z.string(),
  port: z.number().int(),
  description: z.string(),
  status: PrinterStatus,
  /** Extension: characters per line of the paper (32, 42 or 48). */
  columns: z.number().int(),
  /** Extension: kick the cash drawer wired to this printer on CASH confirmations. */
  cashDrawer: z.boolean(),
  /** Extension (1.7): print kitchen tickets here; false when the station has a screen instead. */
  kitchenTickets: z.boolean(),
});
export type Printer = z.infer<typeof Printer>;

export const PrinterInput = z.object({
  name: text(100),
  ip: printerAddress,
  port: z.number().int().min(1).max(65535).default(9100),
  description: optionalText(500).default(''),
  status: PrinterStatus.optional(),
  /**
   * Extensions: 48, false and true on create; kept as they are by a PUT that leaves them out (an interface-only
   * client).
   */
  columns: z.union([z.literal(32), z.literal(42), z.literal(48)]).optional(),
  cashDrawer: z.boolean().optional(),
  kitchenTickets: z.boolean().optional(),
});
export type PrinterInput = z.infer<typeof PrinterInput>;

export const PrinterStatusInput = z.object({ status: PrinterStatus });
