import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Health } from '../../api/health.js';
import { getVenue } from '../../core/venue.js';

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { version, ctx, locale, tables, instance } = app.services;
  app.get(
    '/health',
    { config: { access: 'public' }, schema: { tags: ['health'], response: { 200: Health } } },
    async () => ({
      status: 'ok' as const,
      version,
      timezone: ctx.venue.timezone,
      businessDayStart: ctx.venue.businessDayStart(ctx.clock.now()).toISOString(),
      ticketDayStart: ctx.venue.ticketDayStart(ctx.clock.now()).toISOString(),
      locale,
      // The venue's setting once the console set it; until then `pos serve --no-tables`.
      tables: (await getVenue(ctx, { locale, tables })).askTable,
      lease: instance.lease.held,
    }),
  );
};

export default healthRoutes;
