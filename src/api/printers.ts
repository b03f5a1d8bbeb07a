import { z } from 'zod';
import { optionalText, text } from './common.js';
import { PRINTER_STATUS_REASONS, PRINTER_STATUSES } from './enums.js';

export { PRINTER_STATUS_REASONS, PRINTER_STATUSES };
export const PrinterStatus = z.enum(PRINTER_STATUSES);
export type PrinterStatus = z.infer<typeof PrinterStatus>;
/** Set only with status ERROR, when the printer said why (paper out, cover open); null otherwise. */
export const PrinterStatusReason = z.enum(PRINTER_STATUS_REASONS).nullable();
export type PrinterStatusReason = z.infer<typeof PrinterStatusReason>;

// Node's own rule for IPv4 (net.isIPv4: four 0-255 parts, no leading zeros), written out so the contract needs
// no Node module and runs in the browser; test/api/printers.test.ts checks it against net.isIP.
const V4_PART = '(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])';
const IPV4 = new RegExp(`^(?:${V4_PART}\\.){3}${V4_PART}$`);

export function isIPv4(value: string): boolean {
  return IPV4.test(value);
}

const HOSTNAME =
  /^(?=.{1,253}$)([a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)(\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** An IPv4 address or a host name (a printer is on the venue LAN). */
export const printerAddress = z
  .string()
  .trim()
  .refine((value) => isIPv4(value) || (HOSTNAME.test(value) && !/^[\d.]+$/.test(value)), {
    message: 'must be an IPv4 address or a host name',
    params: { code: 'not-an-address' },
  });

export const Printer = z.object({
  id: z.string(),
  name: z.string(),
  ip: z.string(),
  port: z.number().int(),
  description: z.string(),
  status: PrinterStatus,
  /** Extension: why it is in ERROR, as the printer answered; null when it is not or did not say. */
  statusReason: PrinterStatusReason,
  /** Extension: characters per line of the paper (32, 42 or 48). */
  columns: z.number().int(),
  /** Extension: kick the cash drawer wired to this printer on CASH confirmations. */
  cashDrawer: z.boolean(),
  /** Extension: print kitchen tickets here; false when the station has a screen instead. */
  kitchenTickets: z.boolean(),
});
export type Printer = z.infer<typeof Printer>;

const PORT = 'must be a port number from 1 to 65535';

export const PrinterInput = z.object({
  name: text(100),
  ip: printerAddress,
  port: z.number({ message: PORT }).int(PORT).min(1, PORT).max(65535, PORT).default(9100),
  description: optionalText(500).default(''),
  status: PrinterStatus.optional(),
  /**
   * Extensions: 48, false and true on create; kept as they are by a PUT that leaves them out (an interface-only
   * client).
   */
  columns: z.union([z.literal(32), z.literal(42), z.literal(48)], { message: 'must be 32, 42 or 48' }).optional(),
  cashDrawer: z.boolean().optional(),
  kitchenTickets: z.boolean().optional(),
});
export type PrinterInput = z.infer<typeof PrinterInput>;

export const PrinterStatusInput = z.object({ status: PrinterStatus });
