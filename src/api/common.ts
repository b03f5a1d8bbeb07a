import { z } from 'zod';
import { CUID_PATTERN } from './ids.js';

// Building blocks of the wire contract, shared by the server (validation, OpenAPI) and the CLI (types).

export const cuid = z.string().regex(CUID_PATTERN, 'must be an id like c0123456789abcdefghijklmn');

export const IdParams = z.object({ id: cuid });

export { isExactCents } from './money.js';
/** A JSON number of currency units with at most 2 decimals, turned into integer cents (./money-codec.ts). */
export { moneyInput } from './money-codec.js';

/** Plain decimal digits: no sign, no leading zero, no exponent, no hex, no spaces, no fraction. */
const PLAIN_DECIMAL = /^(0|[1-9][0-9]{0,15})$/;

/**
 * An integer in a path or a query string, written as plain decimal digits (`01`, `+1`, `1e0`, `0x1`, `1.0`, ` 1`
 * are all refused: one number has one spelling), within `[min, max]`.
 */
export function decimalInteger(options: { min: number; max: number; message?: string }) {
  const message = options.message ?? `must be a whole number from ${options.min} to ${options.max}, in plain digits`;
  return z
    .string()
    .regex(PLAIN_DECIMAL, message)
    .transform(Number)
    .pipe(z.number().int(message).min(options.min, message).max(options.max, message));
}

/** `?flag=true|false` in a query string. */
export const booleanQuery = z
  .enum(['true', 'false'], { message: 'must be true or false' })
  .transform((value) => value === 'true');

/** A query parameter that may be given once or repeated (`?status=a&status=b`), always handed over as an array. */
export function repeatable<T extends z.ZodType<string>>(item: T) {
  return z.union([item, z.array(item)]).transform((value) => (Array.isArray(value) ? value : [value]));
}

/** `include=a` or `include=a,b`: every listed part must be known. */
export function includeQuery<const T extends readonly [string, ...string[]]>(parts: T) {
  return z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(parts)));
}

export const isoDateTime = z.iso.datetime({ offset: true, message: 'must be an ISO 8601 date-time' });

/**
 * A date-time bound of a query, to the second or to the minute: `2026-11-21T18:00+01:00` is as good as
 * `2026-11-21T18:00:00+01:00` (zod's own check wants the seconds once there is an offset). With `local`, one
 * without an offset passes too: the route reads it as venue time.
 */
export function isoDateTimeBound(options: { local: boolean }) {
  return z
    .string()
    .transform((value) => value.replace(/^(\d{4}-\d\d-\d\dT\d\d:\d\d)(?=Z$|[+-]\d\d:\d\d$)/, '$1:00'))
    .pipe(z.iso.datetime({ offset: true, local: options.local, message: 'must be an ISO 8601 date-time' }));
}

// Characters that move a terminal's cursor or start an escape sequence (C0, DEL, C1), and the bidi controls that
// reorder what follows them on screen ("Trojan Source"): a customer name must never steer the admin's terminal.
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/;
// What shows as nothing: whitespace and the zero-width characters (a name of only these is empty to the eye).
const INVISIBLE = /[\s\u00ad\u180e\u200b-\u200d\u2060-\u2064\ufeff]/gu;

/**
 * Text a person types and others see: names, customer, table, notes, reasons. Trimmed, at most `max` characters;
 * refuses control characters and bidi controls, and a value that is empty once whitespace and zero-width characters
 * are removed (with `mayBeEmpty`, only the empty string itself passes: "no note").
 */
export function text(max: number, options: { mayBeEmpty?: boolean } = {}) {
  return z
    .string()
    .refine((value) => (options.mayBeEmpty === true && value === '') || value.replace(INVISIBLE, '') !== '', {
      message: 'must not be empty',
      params: { code: 'empty' },
    })
    .trim()
    .max(max, `must be at most ${max} characters`)
    .refine((value) => !CONTROL_CHARACTERS.test(value), 'must not contain control characters')
    .refine((value) => !BIDI_CONTROLS.test(value), 'must not contain bidirectional control characters');
}

/**
 * Accepts an enum value exactly as written (upper case) or all in lower case, and hands over the written one. No
 * other spelling: `Picked_Up` is refused, and so is `pıcked_up` (dotless ı), which `toUpperCase` would turn into
 * PICKED_UP.
 */
export function upperOrLowerCase<const T extends readonly [string, ...string[]]>(values: T, message?: string) {
  type Spelling = T[number] | Lowercase<T[number]>;
  const written = new Map<string, T[number]>(
    values.flatMap((value) => [
      [value, value],
      [value.toLowerCase(), value],
    ]),
  );
  const spellings = [...written.keys()] as unknown as readonly [Spelling, ...Spelling[]];
  // Typed `string` on the way in, as before: clients keep sending what a person typed.
  return z
    .string()
    .pipe(z.enum(spellings, { message: message ?? `must be one of ${values.join(', ')} (upper or lower case)` }))
    .transform((value) => written.get(value) as T[number]);
}

/** Optional free text (may be empty). */
export function optionalText(max: number) {
  return z.string().max(max, `must be at most ${max} characters`);
}

/** The one error shape, with its stable `code` (./errors.ts). */
export { ErrorBody, ErrorDetail } from './errors.js';
