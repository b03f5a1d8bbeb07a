import { randomBytes } from 'node:crypto';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import type { Clock } from '../clock.js';
import { type Role, ROLES } from './principal.js';

const ISSUER = 'pos';

export interface TokenClaims {
  subject: string;
  /** The user the token was issued to at login; null for tokens minted with `pos token create`. */
  userId: string | null;
  name: string;
  role: Role;
  jti: string;
  expiresAt: Date;
  /** The user's credentials version when the token was issued (0 for tokens that carry none). */
  credentialsVersion: number;
}

export interface IssuedToken {
  token: string;
  jti: string;
  expiresAt: Date;
}

/** HS256 access tokens signed with the data dir's secret. */
export class TokenService {
  // Verifying a signature costs far more than a map lookup; a token already verified is trusted until it expires.
  private readonly verified = new Map<string, TokenClaims>();

  constructor(
    private readonly secret: Uint8Array,
    private readonly clock: Clock,
  ) {}

  async issue(input: {
    subject: string;
    userId: string | null;
    name: string;
    role: Role;
    ttlSeconds: number;
    /** The user's credentials version (users.credentials_version); a later password or role change voids the token. */
    credentialsVersion?: number;
  }): Promise<IssuedToken> {
    const jti = randomBytes(12).toString('base64url');
    const issuedAt = Math.floor(this.clock.now().getTime() / 1000);
    const expiresAtSeconds = issuedAt + input.ttlSeconds;
    const token = await new SignJWT({ role: input.role, name: input.name, uid: input.userId, ...(input.credentialsVersion ? { cv: input.credentialsVersion } : {}) })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(ISSUER)
      .setSubject(input.subject)
      .setJti(jti)
      .setIssuedAt(issuedAt)
      .setExpirationTime(expiresAtSeconds)
      .sign(this.secret);
    return { token, jti, expiresAt: new Date(expiresAtSeconds * 1000) };
  }

  /** The token's claims when its signature, issuer and lifetime check out; null otherwise. */
  async verify(token: string): Promise<TokenClaims | null> {
    const now = this.clock.now();
    const cached = this.verified.get(token);
    if (cached) {
      if (cached.expiresAt > now) return cached;
      this.verified.delete(token);
      return null;
    }
    try {
      const { payload } = await jwtVerify(token, this.secret, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        currentDate: now,
        requiredClaims: ['sub', 'jti', 'exp'],
      });
      const role = payload['role'];
      if (typeof role !== 'string' || !(ROLES as readonly string[]).includes(role)) return null;
      const uid = payload['uid'];
      const cv = payload['cv'];
      const claims: TokenClaims = {
        subject: payload.sub as string,
        userId: typeof uid === 'string' ? uid : null,
        name: typeof payload['name'] === 'string' ? payload['name'] : (payload.sub as string),
        role: role as Role,
        jti: payload.jti as string,
        expiresAt: new Date((payload.exp as number) * 1000),
        credentialsVersion: typeof cv === 'number' && Number.isSafeInteger(cv) ? cv : 0,
      };
      if (this.verified.size >= 10_000) this.verified.clear();
      this.verified.set(token, claims);
      return claims;
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return null;
      throw error;
    }
  }

  /** Reads the claims of a token without trusting it (for `pos token revoke <token>`). */
  static peekJti(token: string): string | null {
    const part = token.split('.')[1];
    if (!part) return null;
    try {
      const payload = JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as { jti?: unknown };
      return typeof payload.jti === 'string' ? payload.jti : null;
    } catch {
      return null;
    }
  }
}
