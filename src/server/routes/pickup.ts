import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PickupState } from '../../api/pickup.js';
import type { Access } from '../../core/auth/principal.js';
import { pickupState } from '../../core/pickup.js';

const READ: Access = { roles: ['admin', 'operator'], scopes: ['pickup'] };

const pickupRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app.services;

  app.get(
    '/v1/pickup/state',
    { config: { access: READ }, schema: { tags: ['pickup'], response: { 200: PickupState } } },
    () => pickupState(ctx),
  );

  // The page holds nothing secret: it logs in, or calls the API with the pickup key of its address (?key=...).
  app.get('/pickup', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) =>
    reply.sendWebPage('pickup/index.html'),
  );
};

export default pickupRoutes;
