import { z } from 'zod';
import { LOCALES } from './enums.js';

/** `GET /health`: public, so a client can tell it found a pos server, and what "today" means at the venue. */
export const Health = z.object({
  status: z.literal('ok'),
  version: z.string(),
  /** Extension: the venue time zone and the start of the current business day, for clients' "today". */
  timezone: z.string(),
  businessDayStart: z.string(),
  /** Extension: the start of the current ticket day, so a client can tell which order "#12" is today. */
  ticketDayStart: z.string(),
  /** Extension: the venue's language (`pos serve --locale`), the default of the till, the TV and the kitchen screen. */
  locale: z.enum(LOCALES),
  /** Extension: whether the till asks for a table number (`pos serve --no-tables`: counter service). */
  tables: z.boolean(),
  /**
   * Extension: whether this server drives the printers and runs the maintenance. Always true with one server; of
   * several servers on one PostgreSQL database, one at a time (the lease).
   */
  lease: z.boolean(),
});
export type Health = z.infer<typeof Health>;
