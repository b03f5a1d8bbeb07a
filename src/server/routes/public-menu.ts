import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PublicMenu } from '../../api/public-menu.js';
import { getPublicMenu } from '../../core/catalog/public-menu.js';
import { RateWindow } from '../../core/rate-window.js';

/** A phone loads the menu once and a page may refresh it; a script on the Wi-Fi is held off (docs/menu-page.md). */
export const PUBLIC_MENU_LIMIT = { requests: 60, windowMs: 60_000 };

const publicMenuRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app.services;
  const window = new RateWindow(ctx.clock, PUBLIC_MENU_LIMIT.requests, PUBLIC_MENU_LIMIT.windowMs);
  app.get(
    '/v1/public/menu',
    { config: { access: 'public' }, schema: { tags: ['catalog'], response: { 200: PublicMenu } } },
    (request) => {
      window.take(request.ip);
      return getPublicMenu(ctx);
    },
  );
};

export default publicMenuRoutes;
