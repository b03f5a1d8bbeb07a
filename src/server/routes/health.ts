import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Locale, LOCALES } from '../../web/shared/i18n/index.js';

const Health = z.object({
  status: z.literal('ok'),
  version: z.string(),
  /** Extension: the venue time zone and the start of the current business day, for clients' "today". */
  timezone: z.string(),
  businessDayStart: z.string(),
  /** Extension: the start of the current ticket day, so a client can tell which order "#12" is today. */
  ticketDayStart: z.string(),
  /** Extension: the venue's language (`pos serve --locale`), the default of the till, the TV and the kitchen screen. */
  locale: z.enum(LOCALES as [Locale, ...Locale[]]),
});

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { version, ctx, locale } = app.services;
  app.get('/health', { config: { access: 'public' }, schema: { tags: ['health'], response: { 200: Health } } }, () => ({
    status: 'ok' as const,
    version,
    timezone: ctx.venue.timezone,
    businessDayStart: ctx.venue.businessDayStart(ctx.clock.now()).toISOString(),
    ticketDayStart: ctx.venue.ticketDayStart(ctx.clock.now()).toISOString(),
    locale,
  }));
};

export default healthRoutes;
