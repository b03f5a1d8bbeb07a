import { z } from 'zod';
import { LOCALES } from './enums.js';

// The venue resource: what the committee sets once for the evening (`GET`/`PATCH /v1/venue`). Locale and time
// zone are `pos serve`'s (read-only here).

/** Receipt lines are printed as they are: a control character would be a printer command. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

const RECEIPT_LINES = 4;
/** The widest paper prints 48 columns; a longer line would wrap on every printer. */
const RECEIPT_LINE_LENGTH = 48;

const plain = (value: string) => !CONTROL.test(value);

const receiptLine = z
  .string()
  .trim()
  .max(RECEIPT_LINE_LENGTH, `must be at most ${RECEIPT_LINE_LENGTH} characters`)
  .refine(plain, 'must not contain control characters');

const receiptLines = z.array(receiptLine).max(RECEIPT_LINES, `must have at most ${RECEIPT_LINES} lines`);

export const Venue = z.object({
  name: z.string(),
  receiptHeader: z.array(z.string()),
  receiptFooter: z.array(z.string()),
  /** The till asks for a table number (false: counter service, the till sends "—"). */
  askTable: z.boolean(),
  /** Waiters bring the table number later (the till asks none). */
  waiterTables: z.boolean(),
  /** The TV moves a ready order older than this to its "still to collect" strip. */
  pickupAfterMinutes: z.number().int(),
  locale: z.enum(LOCALES),
  timezone: z.string(),
});
export type Venue = z.infer<typeof Venue>;

/**
 * The fields a PATCH may change (at least one). Locale and time zone come from `pos serve`: like any unknown field
 * they are ignored, so a client may send back the whole venue it read.
 */
export const VenuePatch = z
  .object({
    name: z
      .string()
      .trim()
      .max(100, 'must be at most 100 characters')
      .refine(plain, 'must not contain control characters'),
    receiptHeader: receiptLines,
    receiptFooter: receiptLines,
    askTable: z.boolean(),
    waiterTables: z.boolean(),
    pickupAfterMinutes: z
      .number()
      .int('must be a whole number')
      .min(0, 'must be from 0 to 240')
      .max(240, 'must be from 0 to 240'),
  })
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, {
    message:
      'must change at least one of name, receiptHeader, receiptFooter, askTable, waiterTables, ' +
      'pickupAfterMinutes (locale and timezone are set by pos serve)',
  });
export type VenuePatch = z.infer<typeof VenuePatch>;
