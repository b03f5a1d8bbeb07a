import { createHash } from 'node:crypto';
import type { Db } from '../storage/database.js';
import { type CoreContext, write } from './context.js';
import { UnprocessableError } from './errors.js';

/** How long a key is remembered: at least 24 hours (decisions: Idempotency). */
export const IDEMPOTENCY_RETENTION_MS = 25 * 3600_000;

export interface StoredResponse {
  statusCode: number;
  body: unknown;
  replayed: boolean;
}

/** JSON with sorted keys, so `{a, b}` and `{b, a}` are the same request. */
export function canonicalJson(value: unknown): string {
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
  return createHash('sha256').update(canonicalJson(body ?? null)).digest('base64url');
}

/**
 * Runs a use case once per key. The key's record is read and written in the same transaction as the use case, so
 * a retry that races the first attempt waits for its commit and then gets its response: a tablet on flaky Wi-Fi can
 * retry blindly and never creates a second order or ticket. Without a key, it is a plain write.
 */
export async function runIdempotent(
  ctx: CoreContext,
  scope: { principal: string; endpoint: string; key: string | undefined; body: unknown },
  work: (trx: Db) => Promise<{ statusCode: number; body: unknown }>,
): Promise<StoredResponse> {
  if (scope.key === undefined) {
    const result = await write(ctx, work);
    return { ...result, replayed: false };
  }
  const key = scope.key;
  const hash = requestHash(scope.body);
  return write(ctx, async (trx) => {
    const stored = await trx
      .selectFrom('idempotency_keys')
      .select(['request_hash', 'status_code', 'response_body'])
      .where('principal', '=', scope.principal)
      .where('endpoint', '=', scope.endpoint)
      .where('key', '=', key)
      .executeTakeFirst();
    if (stored) {
      if (stored.request_hash !== hash) {
        throw new UnprocessableError('This Idempotency-Key was already used with a different request body');
      }
      return { statusCode: stored.status_code, body: JSON.parse(stored.response_body) as unknown, replayed: true };
    }
    const result = await work(trx);
    await trx
      .insertInto('idempotency_keys')
      .values({
        principal: scope.principal,
        endpoint: scope.endpoint,
        key,
        request_hash: hash,
        status_code: result.statusCode,
        response_body: JSON.stringify(result.body),
        created_at: ctx.clock.now().getTime(),
      })
      .execute();
    return { ...result, replayed: false };
  });
}
