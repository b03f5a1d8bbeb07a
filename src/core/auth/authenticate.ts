import type { CoreContext } from '../context.js';
import { reader, write } from '../context.js';
import { prepared } from '../../storage/prepared.js';
import { hashApiKey } from './api-keys.js';
import type { Principal, Role } from './principal.js';
import type { TokenService } from './tokens.js';

// Every request asks these: built and compiled once.
const revokedToken = prepared<{ jti: string }, { jti: string }>((db, p) =>
  db.selectFrom('revoked_tokens').select('jti').where('jti', '=', p.jti),
);
const tokenUser = prepared<{ id: string }, { role: Role; username: string; credentials_version: number }>((db, p) =>
  db.selectFrom('users').select(['role', 'username', 'credentials_version']).where('id', '=', p.id),
);

/**
 * A bearer token's principal, or null when it is invalid, expired, revoked, its user is gone, or the user's password
 * or role changed after it was issued.
 */
export async function principalFromToken(
  ctx: CoreContext,
  tokens: TokenService,
  token: string,
): Promise<Principal | null> {
  const claims = await tokens.verify(token);
  if (!claims) return null;
  const db = reader(ctx);
  const revoked = await revokedToken.executeTakeFirst(db, { jti: claims.jti });
  if (revoked) return null;
  let role = claims.role;
  let name = claims.name;
  if (claims.userId !== null) {
    // A deleted user, or one whose password or role changed since the token was issued, loses access at once.
    const user = await tokenUser.executeTakeFirst(db, { id: claims.userId });
    if (!user || user.credentials_version !== claims.credentialsVersion) return null;
    role = user.role;
    name = user.username;
  }
  return { kind: 'token', subject: claims.subject, userId: claims.userId, name, role, jti: claims.jti };
}

export async function principalFromApiKey(ctx: CoreContext, key: string): Promise<Principal | null> {
  if (!key.startsWith('posk_')) return null;
  const row = await reader(ctx)
    .selectFrom('api_keys')
    .select(['id', 'name', 'scope', 'printer_id'])
    .where('key_hash', '=', hashApiKey(key))
    .executeTakeFirst();
  if (!row) return null;
  return { kind: 'key', keyId: row.id, name: row.name, scope: row.scope, printerId: row.printer_id };
}

/** A credential as presented: a bearer token or a device key. */
export interface PresentedCredential {
  bearer?: string;
  key?: string;
}

/**
 * For each credential, whether it still stands for someone (what principalFromToken / principalFromApiKey would
 * answer, without the role): asked for every open event stream every few seconds, so one query per table for all
 * of them, never one per stream. A role change bumps the user's credentials version, so it counts as lapsed too.
 */
export async function credentialsStillValid(
  ctx: CoreContext,
  tokens: TokenService,
  credentials: readonly PresentedCredential[],
): Promise<boolean[]> {
  const db = reader(ctx);
  const keyOf = (credential: PresentedCredential) =>
    credential.key ?? (credential.bearer?.startsWith('posk_') ? credential.bearer : undefined);
  const claimsOf = (credential: PresentedCredential) =>
    credential.bearer === undefined || keyOf(credential) !== undefined ? null : tokens.verify(credential.bearer);
  const claims = await Promise.all(credentials.map(claimsOf));
  const hashes = unique(credentials.flatMap((credential) => keyOf(credential) ?? []).map(hashApiKey));
  const jtis = unique(claims.flatMap((claim) => (claim ? [claim.jti] : [])));
  const userIds = unique(claims.flatMap((claim) => (claim?.userId ? [claim.userId] : [])));
  const keyRows = hashes.length
    ? await db.selectFrom('api_keys').select('key_hash').where('key_hash', 'in', hashes).execute()
    : [];
  const revokedRows = jtis.length
    ? await db.selectFrom('revoked_tokens').select('jti').where('jti', 'in', jtis).execute()
    : [];
  const userRows = userIds.length
    ? await db.selectFrom('users').select(['id', 'credentials_version']).where('id', 'in', userIds).execute()
    : [];
  const keys = new Set(keyRows.map((row) => row.key_hash));
  const revoked = new Set(revokedRows.map((row) => row.jti));
  const versions = new Map(userRows.map((row) => [row.id, row.credentials_version]));
  return credentials.map((credential, index) => {
    const key = keyOf(credential);
    if (key !== undefined) return key.startsWith('posk_') && keys.has(hashApiKey(key));
    const claim = claims[index];
    if (!claim || revoked.has(claim.jti)) return false;
    return claim.userId === null || versions.get(claim.userId) === claim.credentialsVersion;
  });
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

export async function revokeToken(ctx: CoreContext, jti: string, expiresAt: Date | null): Promise<void> {
  await write(ctx, (trx) =>
    trx
      .insertInto('revoked_tokens')
      .values({ jti, revoked_at: ctx.clock.now().getTime(), expires_at: expiresAt ? expiresAt.getTime() : null })
      .onConflict((oc) => oc.column('jti').doNothing())
      .execute(),
  );
}
