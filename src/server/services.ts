import type { LoginLimiter } from '../core/auth/login-limiter.js';
import type { Access, Principal } from '../core/auth/principal.js';
import type { TokenService } from '../core/auth/tokens.js';
import type { CoreContext } from '../core/context.js';
import type { DataDir } from '../storage/data-dir.js';
import type { Locale } from '../i18n/index.js';
import type { EventHub } from './sse/hub.js';
import type { Instance } from './cluster/instance.js';

/** What the HTTP layer is given: the core context plus the services only requests need. */
export interface AppServices {
  ctx: CoreContext;
  tokens: TokenService;
  loginLimiter: LoginLimiter;
  dataDir: DataDir;
  version: string;
  /** Lifetime of tokens issued at login. */
  tokenTtlSeconds: number;
  hub: EventHub;
  /** The venue's language (`pos serve --locale`), told to the web pages by /health. */
  locale: Locale;
  /** Whether the till asks for a table (`pos serve --no-tables`: no), told to the till by /health. */
  tables: boolean;
  /** What runs beside the app: whether this instance holds the lease (the printers, the maintenance). */
  instance: Pick<Instance, 'lease'>;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
  }
  interface FastifyRequest {
    /** Set by the auth hook on every route that is not public. */
    principal: Principal | null;
    /** The credentials the principal was found from (the event streams check them again while open). */
    credentials: { bearer?: string; key?: string } | null;
  }
  interface FastifyContextConfig {
    /** Who may call the route; every route declares it (enforced when routes are added). */
    access?: Access;
    /** Accept credentials in `?access_token=` (EventSource and <img> cannot send headers). */
    queryToken?: boolean;
    /** Areas whose 400 message the interface fixes to exactly "Bad Request" (reports). */
    plainBadRequest?: boolean;
  }
}

/** The caller, on a route that is not public (the auth hook guarantees it is set). */
export function principalOf(request: { principal: Principal | null }): Principal {
  if (!request.principal) throw new Error('principalOf() called on a public route');
  return request.principal;
}
