import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { recordKeyUse } from '../../core/auth/api-keys.js';
import { principalFromApiKey, principalFromToken } from '../../core/auth/authenticate.js';
import type { Access, Principal } from '../../core/auth/principal.js';
import { ForbiddenError, UnauthorizedError } from '../../core/errors.js';

// Auth is one hook, not code pasted into handlers: each route declares `config.access`, this hook enforces it.
// A route that forgets to declare its access cannot even be registered.

/** Paths served by third-party plugins (API docs, uploaded images) that are public by design. */
const PUBLIC_PREFIXES = ['/docs', '/uploads/'];

function allows(access: Exclude<Access, 'public'>, principal: Principal): boolean {
  if (principal.kind === 'token') return access.roles.includes(principal.role);
  return access.scopes?.includes(principal.scope) ?? false;
}

/** What a caller presented: a bearer token or a device key (both absent: nothing). */
export interface Credentials {
  bearer?: string;
  key?: string;
}

/** The credential the request carries, as this hook reads it (logout revokes the bearer token it finds here). */
export function credentialsOf(request: FastifyRequest): Credentials {
  const authorization = request.headers.authorization;
  if (typeof authorization === 'string') {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    return match ? { bearer: match[1] as string } : { bearer: '' };
  }
  const apiKey = request.headers['x-api-key'];
  if (typeof apiKey === 'string') return { key: apiKey };
  if (request.routeOptions.config.queryToken) {
    const token = (request.query as Record<string, unknown> | undefined)?.['access_token'];
    if (typeof token === 'string') return token.startsWith('posk_') ? { key: token } : { bearer: token };
  }
  return {};
}

export interface RouteAccess {
  method: string;
  url: string;
  access: Access;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route with the access it declared (the role matrix test walks it). */
    routeAccess: RouteAccess[];
  }
}

/**
 * Who the credentials stand for now; null when they stand for nobody (invalid, expired, revoked, a user deleted or
 * whose password or role changed, a key deleted). The event streams ask it again while they are open.
 */
async function principalFrom(app: FastifyInstance, { bearer, key }: Credentials): Promise<Principal | null> {
  const { ctx, tokens } = app.services;
  if (bearer?.startsWith('posk_')) return principalFromApiKey(ctx, bearer);
  if (bearer) return principalFromToken(ctx, tokens, bearer);
  if (key) return principalFromApiKey(ctx, key);
  return null;
}

async function authPlugin(app: FastifyInstance): Promise<void> {
  app.decorateRequest('principal', null);
  app.decorateRequest('credentials', null);
  app.decorate('routeAccess', [] as RouteAccess[]);

  app.addHook('onRoute', (route) => {
    if (!route.config?.access) {
      if (!PUBLIC_PREFIXES.some((prefix) => route.url.startsWith(prefix))) {
        throw new Error(`route ${route.method} ${route.url} does not declare config.access`);
      }
      route.config = { ...route.config, access: 'public' };
    }
    for (const method of [route.method].flat()) {
      app.routeAccess.push({ method, url: route.url, access: route.config.access as Access });
    }
  });

  app.addHook('onRequest', async (request) => {
    if (request.is404) return;
    const access = request.routeOptions.config.access;
    if (access === 'public') return;
    if (!access) throw new ForbiddenError();
    const credentials = credentialsOf(request);
    const principal = await principalFrom(app, credentials);
    if (!principal) throw new UnauthorizedError();
    if (!allows(access, principal)) throw new ForbiddenError();
    request.principal = principal;
    request.credentials = credentials;
  });

  // A device key's lastUsedAt counts the requests it was let through for (a refused request changes nothing), and
  // is written at most once a minute (recordKeyUse). Event streams record their start themselves (hijacked).
  app.addHook('onSend', async (request, reply) => {
    const principal = request.principal;
    if (principal?.kind !== 'key' || reply.statusCode >= 400) return;
    try {
      await recordKeyUse(app.services.ctx, principal.keyId);
    } catch (error) {
      request.log.warn({ err: error }, 'could not record the use of a device key');
    }
  });
}

export default fp(authPlugin, { name: 'auth', dependencies: ['errors'] });
