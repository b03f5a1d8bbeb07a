import { z } from 'zod';

// The stable codes of error bodies (docs/api.md lists them with their meanings). A client chooses what it says by
// the code, in its own language, and never by the server's English `message`. A code, once given, keeps its meaning;
// a new situation gets a new code, and a client shows its generic text for a code it does not know yet.

export const ERROR_CODES = [
  // any route
  'validation', // the request does not fit its schema, or names something that is not there (400)
  'invalid-json', // the body is not JSON, not UTF-8, or not what its content type says (400)
  'unauthorized', // no credentials, or bad, expired or revoked ones (401)
  'forbidden', // valid credentials without the role or scope (403)
  'not-found', // no such record or route (404)
  'payload-too-large', // the body (413) or the headers (431) are larger than the limit
  'timeout', // the request did not arrive in time (408)
  'unsupported-media-type', // 415
  'idempotency-key-reused', // an Idempotency-Key sent again with another body (422)
  'rate-limited', // too many attempts: wait `Retry-After` seconds (429)
  'conflict', // the change clashes with the state of things, no more specific code says how (409)
  'unavailable', // the appliance cannot serve this now (503)
  'internal', // a real fault, logged (500)
  // catalogue and users
  'name-taken', // another record has that name (409)
  'role-taken', // another food already has that role: the cover charge or the takeaway fee (409)
  'in-use', // still used by others: a category with foods, the last admin (409)
  'not-counted', // a change of a count that is not kept (400)
  'stock-short', // taking off more portions than are left (400)
  // orders
  'already-confirmed', // the order was confirmed before (400)
  'not-confirmed', // the order was never confirmed: nothing to reprint, not at the stations (400)
  'food-unavailable', // a food of the order is sold out or switched off (400)
  'unknown-food', // a food of the order is not on the menu (400)
  'portions-short', // the counts cannot cover the order (409)
  'discount-too-large', // the discount is larger than the subtotal (400)
  'register-disabled', // the cash register is disabled (400)
  'register-without-printer', // the cash register has no receipt printer (400)
  'not-refundable', // the order is not confirmed, completed or picked up: nothing was paid to give back (409)
  'awaiting-table', // the order waits for a waiter to seat it: its kitchen tickets are not out yet (409)
  // streams and printing
  'too-many-streams', // the server follows as many event streams as it can (429)
  'printing-off', // the server runs without printing (409)
  'job-busy', // the print job is being sent right now (409)
  // reserved for what comes next, so clients can know them early
  'choice-invalid', // a choice of a set menu that the menu does not offer (400)
  'refund-too-large', // a refund larger than what was paid (400)
  // cash sessions
  'session-open', // a cash session is already open on the register (409)
  'session-not-open', // no cash session is open on the register: nothing to close (409)
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

// The codes a detail may carry besides the error codes: what is wrong with one field of a refused request, so a form
// says it beside the field in its own words. A detail with nothing more specific keeps the error's code.
export const DETAIL_CODES = [
  'empty', // text that is empty, or only spaces and invisible characters
  'too-short', // text or a list shorter than `limit` (characters or items)
  'too-long', // text or a list longer than `limit`
  'too-small', // a number below `limit` (0: must not be negative)
  'too-big', // a number above `limit` (an amount past the largest one: no `limit`)
  'not-whole', // a number that must be whole
  'not-an-amount', // an amount with more than 2 decimals
  'not-an-address', // a printer address that is neither an IPv4 address nor a host name
  'not-an-id', // a record id that is not an id at all
  'not-a-choice', // a value that is not one of those offered
  'invalid-format', // text not in the format asked (a date, a pattern)
  'unknown-printer', // a menu row names a printer no one has
  'duplicate-food', // a menu row names the same food as the row `other`
  'takeaway-with-covers', // an order taken away (service TAKEAWAY) that counts covers
] as const;
export type DetailCode = (typeof DETAIL_CODES)[number];

/** A stable kebab-case code; a newer server may send one this list does not have yet. */
const code = z
  .string()
  .regex(/^[a-z]+(-[a-z]+)*$/)
  .describe('stable kebab-case code (docs/api.md lists them)');

export const ErrorDetail = z.object({
  path: z.string(),
  message: z.string(),
  code,
  /** The bound a `too-short`, `too-long`, `too-small` or `too-big` detail is about. */
  limit: z.number().optional(),
  /** The index of the other row a `duplicate-food` detail is about. */
  other: z.number().int().optional(),
  /** The id of the group of choices a `choice-invalid` detail is about (its message names the group). */
  group: z.string().optional(),
});
export type ErrorDetail = z.infer<typeof ErrorDetail>;

export const ErrorBody = z.object({
  statusCode: z.number().int(),
  code,
  error: z.string(),
  message: z.string(),
  details: z.array(ErrorDetail).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

/** A code a detail may carry: an error code, or one of DETAIL_CODES. */
export function isDetailCode(value: unknown): value is ErrorCode | DetailCode {
  return isErrorCode(value) || (typeof value === 'string' && (DETAIL_CODES as readonly string[]).includes(value));
}
