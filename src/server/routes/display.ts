import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DisplayState } from '../../api/display.js';
import type { Access } from '../../core/auth/principal.js';
import { toBanner } from '../../core/catalog/banners.js';
import { displayState } from '../../core/display.js';

/** The TV, and the pickup counter (which also reads its own state, routes/pickup.ts). */
const READ: Access = { roles: ['admin', 'operator'], scopes: ['display', 'pickup'] };

const displayRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app.services;

  app.get(
    '/v1/display/state',
    { config: { access: READ }, schema: { tags: ['display'], response: { 200: DisplayState } } },
    async (request) => {
      const state = await displayState(ctx);
      const imageUrl = (file: string) => `${request.protocol}://${request.host}/uploads/${encodeURIComponent(file)}`;
      return { ...state, banners: state.banners.map((row) => toBanner(row, imageUrl)) };
    },
  );

  // The page itself holds nothing secret; it calls the API with the key given in its address (?key=...). It is
  // part of the web build (src/web/display), served with the page policy of plugins/web.ts.
  app.get('/display', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) =>
    reply.sendWebPage('display/index.html'),
  );
};

export default displayRoutes;
