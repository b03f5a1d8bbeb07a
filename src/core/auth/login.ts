import { UnauthorizedError } from '../errors.js';
import { type CoreContext, reader } from '../context.js';
import { revokeToken } from './authenticate.js';
import type { LoginLimiter } from './login-limiter.js';
import { hashPassword, verifyPassword } from './passwords.js';
import type { Role } from './principal.js';
import type { TokenService } from './tokens.js';
import { findUserByUsername } from './users.js';

export interface LoginResult {
  accessToken: string;
  tokenType: 'Bearer';
  expiresAt: string;
  user: { id: string; username: string; role: Role };
}

/**
 * Logging out: the calling token is revoked (until it would have expired anyway), so a till left logged in on a
 * borrowed phone cannot be used again with a copy of it. Other tokens of the same user keep working.
 */
export async function logout(ctx: CoreContext, tokens: TokenService, token: string | undefined): Promise<void> {
  const claims = token ? await tokens.verify(token) : null;
  if (!claims) throw new UnauthorizedError(); // the auth hook let a token through: it cannot be anything else
  await revokeToken(ctx, claims.jti, claims.expiresAt);
}

// Compared against when the username does not exist, so both failures take the same time (no user enumeration).
let decoyHash: Promise<string> | null = null;

export async function login(
  ctx: CoreContext,
  deps: { tokens: TokenService; limiter: LoginLimiter; ttlSeconds: number },
  input: { username: string; password: string; address: string },
): Promise<LoginResult> {
  // Counted before anything is awaited: parallel guesses each take a slot, and only 5 reach the password check.
  const attempt = deps.limiter.begin(input.username, input.address);

  const user = await findUserByUsername(reader(ctx), input.username);
  decoyHash ??= hashPassword('decoy-password-never-valid');
  const valid = await verifyPassword(input.password, user?.password_hash ?? (await decoyHash));
  if (!user || !valid) throw new UnauthorizedError(); // the attempt stays counted as a failure
  attempt.succeeded();
  const issued = await deps.tokens.issue({
    subject: `user:${user.id}`,
    userId: user.id,
    name: user.username,
    role: user.role,
    ttlSeconds: deps.ttlSeconds,
    credentialsVersion: user.credentials_version,
  });
  return {
    accessToken: issued.token,
    tokenType: 'Bearer',
    expiresAt: issued.expiresAt.toISOString(),
    user: { id: user.id, username: user.username, role: user.role },
  };
}
