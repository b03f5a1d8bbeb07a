import { createHmac, randomBytes } from 'node:crypto';
import type { Role } from './principal.js';

// Signing an access token needs an HMAC and two JSON objects: node:crypto does it, so the CLI mints its local token
// without loading jose (dozens of modules, a good part of a short command's start-up). Verifying stays with jose
// (tokens.ts), which checks what it reads.

export const ISSUER = 'pos';

export interface TokenInput {
  subject: string;
  userId: string | null;
  name: string;
  role: Role;
  ttlSeconds: number;
  /** The user's credentials version (users.credentials_version); a later password or role change voids the token. */
  credentialsVersion?: number;
}

export interface IssuedToken {
  token: string;
  jti: string;
  expiresAt: Date;
}

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

/** An HS256 JWT `{role, name, uid, cv?, iss, sub, jti, iat, exp}` signed with the data dir's secret at `nowMs`. */
export function signToken(secret: Uint8Array, nowMs: number, input: TokenInput): IssuedToken {
  const jti = randomBytes(12).toString('base64url');
  const iat = Math.floor(nowMs / 1000);
  const exp = iat + input.ttlSeconds;
  const claims = {
    role: input.role,
    name: input.name,
    uid: input.userId,
    ...(input.credentialsVersion ? { cv: input.credentialsVersion } : {}),
    iss: ISSUER,
    sub: input.subject,
    jti,
    iat,
    exp,
  };
  const body = `${HEADER}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  const signature = createHmac('sha256', secret).update(body).digest('base64url');
  return { token: `${body}.${signature}`, jti, expiresAt: new Date(exp * 1000) };
}
