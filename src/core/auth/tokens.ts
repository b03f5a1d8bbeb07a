import { errors as joseErrors, jwtVerify } from 'jose';
import type { Clock } from '../clock.js';
import { type Role, ROLES } from './principal.js';
import { ISSUER, type IssuedToken, signToken, type TokenInput } from './token-signer.js';

export type { IssuedToken } from './token-signer.js';

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

/** HS256 access tokens signed with the data dir's secret. */
export class TokenService {
  // Verifying a signature costs far more than a map lookup; a token already verified is trusted until it expires.
  private readonly verified = new Map<string, TokenClaims>();

  constructor(
    private readonly secret: Uint8Array,
    private readonly clock: Clock,
  ) {}

  async issue(input: TokenInput): Promise<IssuedToken> {
    return signToken(this.secret, this.clock.now().getTime(), input);
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
