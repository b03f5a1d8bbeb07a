import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LoginInput, LoginResponse, Me } from '../../api/auth.js';
import { login, logout } from '../../core/auth/login.js';
import { type Access, STAFF } from '../../core/auth/principal.js';
import { credentialsOf } from '../plugins/auth.js';
import { principalOf } from '../services.js';

const ANYONE_AUTHENTICATED: Access = { roles: ['admin', 'operator'], scopes: ['printer', 'display'] };

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx, tokens, loginLimiter, tokenTtlSeconds } = app.services;
  const tags = ['auth'];

  app.post(
    '/v1/auth/login',
    { config: { access: 'public' }, schema: { tags, body: LoginInput, response: { 200: LoginResponse } } },
    (request) =>
      login(
        ctx,
        { tokens, limiter: loginLimiter, ttlSeconds: tokenTtlSeconds },
        { ...request.body, address: request.ip },
      ),
  );

  // Only tokens log out: a device key is deleted by an admin instead (403 here).
  app.post(
    '/v1/auth/logout',
    { config: { access: STAFF }, schema: { tags, description: 'Revokes the calling token (204)' } },
    async (request, reply) => {
      await logout(ctx, tokens, credentialsOf(request).bearer);
      return reply.code(204).send();
    },
  );

  app.get(
    '/v1/auth/me',
    { config: { access: ANYONE_AUTHENTICATED }, schema: { tags, response: { 200: Me } } },
    (request) => {
      const principal = principalOf(request);
      if (principal.kind === 'key') {
        return { kind: 'key' as const, id: principal.keyId, name: principal.name, scope: principal.scope };
      }
      return { kind: 'token' as const, id: principal.userId, username: principal.name, role: principal.role };
    },
  );
};

export default authRoutes;
