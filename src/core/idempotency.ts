import { createHash } from 'node:crypto';
import type { Db } from '../storage/database.js';
import { type CoreContext, write } from './context.js';
import { UnprocessableError } from './errors.js';

/** How long a key is remembered: at least 24 hours (docs/api.md, "Idempotency-Key"). */
export const IDEMPOTENCY_RETENTION_MS = 25 * 3600_000;

/** JSON with sorted keys, so `{a, b}` and `{b, a}` are the same request. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function requestHash(body: unknown): string {
  return createHash('sha256')
    .update(canonicalJson(body ?? null))
    .digest('base64url');
}

/** A request to run at most once: the caller's key space, the endpoint, the key, and what the request said. */
export interface IdempotencyKey {
  /** Whose key it is (principalId): keys belong to the caller. */
  principal: string;
  /** Method and path with its parameters, e.g. `POST /v1/orders/42/confirm`. */
  endpoint: string;
  key: string;
  /** `requestHash` of the body: the same key with another body is refused. */
  requestHash: string;
  /** The status of the first success, stored with its body. */
  statusCode: number;
  /** The body as the wire has it (amounts written out by the response's schema): what is stored and replayed. */
  wire?: (response: unknown) => unknown;
  /** Set by `writeOnce`: the key went into a transaction (a key serves one write). */
  used?: boolean;
}

/**
 * The key was used before, with the same body: nothing ran, the first response is the answer. Thrown by
 * `writeOnce` after the lookup's transaction, so whoever answers the request sends this instead.
 */
export class Replay extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: unknown,
  ) {
    super('the response stored for this Idempotency-Key');
    this.name = 'Replay';
  }
}

/**
 * `write`, run once per key. The key's record is read and written in the same transaction as the work, so a retry
 * that races the first attempt waits for its commit and then gets its response: a tablet on flaky Wi-Fi can retry
 * blindly and never creates a second order or ticket. What `work` returns is stored as the response body, so it
 * must be exactly what the caller answers. A failed attempt stores nothing. Without a key, it is a plain write.
 */
export async function writeOnce<T>(
  ctx: CoreContext,
  key: IdempotencyKey | null | undefined,
  work: (trx: Db) => Promise<T>,
): Promise<T> {
  if (!key) return write(ctx, work);
  if (key.used) throw new Error(`Idempotency-Key of ${key.endpoint} used by a second write`);
  key.used = true;
  const outcome = await write(ctx, async (trx): Promise<{ value: T } | { replay: Replay }> => {
    const stored = await trx
      .selectFrom('idempotency_keys')
      .select(['request_hash', 'status_code', 'response_body'])
      .where('principal', '=', key.principal)
      .where('endpoint', '=', key.endpoint)
      .where('key', '=', key.key)
      .executeTakeFirst();
    if (stored) {
      if (stored.request_hash !== key.requestHash) {
        throw new UnprocessableError('This Idempotency-Key was already used with a different request body');
      }
      return { replay: new Replay(stored.status_code, JSON.parse(stored.response_body) as unknown) };
    }
    const value = await work(trx);
    await trx
      .insertInto('idempotency_keys')
      .values({
        principal: key.principal,
        endpoint: key.endpoint,
        key: key.key,
        request_hash: key.requestHash,
        status_code: key.statusCode,
        response_body: JSON.stringify(key.wire ? key.wire(value) : value),
        created_at: ctx.clock.now().getTime(),
      })
      .execute();
    return { value };
  });
  if ('replay' in outcome) throw outcome.replay;
  return outcome.value;
}
