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
    .transform((value) => value.split(',').map((part) => part.trim()).filter(Boolean))
    .pipe(z.array(z.enum(parts)));
}

export const isoDateTime = z.iso.datetime({ offset: true, message: 'must be an ISO 8601 date-time' });

/** Trimmed, non-empty text with a maximum length. */
export function text(max: number) {
  return z.string().trim().min(1, 'must not be empty').max(max, `must be at most ${max} characters`);
}

/** Optional free text (may be empty). */
export function optionalText(max: number) {
  return z.string().max(max, `must be at most ${max} characters`);
}

/** The one error shape, with its stable `code` (./errors.ts). */
export { ErrorBody, ErrorDetail } from './errors.js';
