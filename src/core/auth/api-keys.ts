import { createHash, randomBytes } from 'node:crypto';
import { NotFoundError } from '../errors.js';
import { type CoreContext, reader, write } from '../context.js';
import { checkPrinterRef } from '../catalog/references.js';
import type { KeyScope } from './principal.js';

export interface ApiKey {
  id: string;
  name: string;
  scope: KeyScope;
  /** The station a kitchen key is tied to; null: not tied. */
  printerId: string | null;
  createdAt: string;
  lastUsedAt: string | null;
}

/** Keys are long random strings, so a fast hash is enough; only the hash is stored. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export async function createApiKey(
  ctx: CoreContext,
  input: { name: string; scope: KeyScope; printerId?: string | undefined },
): Promise<ApiKey & { key: string }> {
  const key = `posk_${input.scope}_${randomBytes(24).toString('base64url')}`;
  const now = ctx.clock.now().getTime();
  const id = ctx.newId();
  const printerId = input.printerId ?? null;
  await write(ctx, async (trx) => {
    await checkPrinterRef(trx, printerId);
    await trx
      .insertInto('api_keys')
      .values({
        id,
        name: input.name,
        scope: input.scope,
        key_hash: hashApiKey(key),
        created_at: now,
        last_used_at: null,
        printer_id: printerId,
      })
      .execute();
  });
  const createdAt = new Date(now).toISOString();
  return { id, name: input.name, scope: input.scope, printerId, key, createdAt, lastUsedAt: null };
}

export async function listApiKeys(ctx: CoreContext): Promise<ApiKey[]> {
  const rows = await reader(ctx).selectFrom('api_keys').selectAll().orderBy('created_at').execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    scope: row.scope,
    printerId: row.printer_id,
    createdAt: new Date(row.created_at).toISOString(),
    lastUsedAt: row.last_used_at === null ? null : new Date(row.last_used_at).toISOString(),
  }));
}

/** A key's `lastUsedAt` is written on its first use, then at most once per this interval (no write per request). */
const KEY_USE_RECORD_INTERVAL_MS = 60_000;

// When each key's use was last written, per appliance. After a restart the first use is written again.
const recordedUse = new WeakMap<CoreContext, Map<string, number>>();

/** Records that a device key was used now, unless that was already written less than a minute ago. */
export async function recordKeyUse(ctx: CoreContext, keyId: string): Promise<void> {
  const now = ctx.clock.now().getTime();
  let recorded = recordedUse.get(ctx);
  if (!recorded) recordedUse.set(ctx, (recorded = new Map()));
  const last = recorded.get(keyId);
  if (last !== undefined && now - last < KEY_USE_RECORD_INTERVAL_MS && now >= last) return;
  recorded.set(keyId, now); // before the write: parallel requests of the same key do not each write
  await write(ctx, (trx) => trx.updateTable('api_keys').set({ last_used_at: now }).where('id', '=', keyId).execute());
}

export async function deleteApiKey(ctx: CoreContext, id: string): Promise<void> {
  const result = await write(ctx, (trx) => trx.deleteFrom('api_keys').where('id', '=', id).executeTakeFirst());
  if (result.numDeletedRows === 0n) throw new NotFoundError('API key not found');
}
