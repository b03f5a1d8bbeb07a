import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { KEY_SCOPES } from '../../api/enums.js';
import { Venue, VenuePatch } from '../../api/venue.js';
import { ADMIN, type Access } from '../../core/auth/principal.js';
import { getVenue, patchVenue } from '../../core/venue.js';

/** Every credential reads the venue: the till, the TV, the pickup counter and the kitchen follow its settings. */
const READ: Access = { roles: ['admin', 'operator'], scopes: KEY_SCOPES };

const venueRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx, locale, tables } = app.services;
  const serve = { locale, tables };
  const tags = ['venue'];
  app.get('/v1/venue', { config: { access: READ }, schema: { tags, response: { 200: Venue } } }, () =>
    getVenue(ctx, serve),
  );
  app.patch(
    '/v1/venue',
    { config: { access: ADMIN }, schema: { tags, body: VenuePatch, response: { 200: Venue } } },
    (request) => patchVenue(ctx, serve, request.body),
  );
};

export default venueRoutes;
