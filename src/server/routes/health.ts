import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Health } from '../../api/health.js';

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { version, ctx, locale, tables } = app.services;
  app.get('/health', { config: { access: 'public' }, schema: { tags: ['health'], response: { 200: Health } } }, () => ({
    status: 'ok' as const,
    version,
    timezone: ctx.venue.timezone,
    businessDayStart: ctx.venue.businessDayStart(ctx.clock.now()).toISOString(),
    ticketDayStart: ctx.venue.ticketDayStart(ctx.clock.now()).toISOString(),
    locale,
    tables,
  }));
};

export default healthRoutes;
