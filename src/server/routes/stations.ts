import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { StationOrder, StationOrderParams, StationOrders, StationOrdersQuery, StationParams, StationStatusInput } from '../../api/stations.js';
import type { Access } from '../../core/auth/principal.js';
import { listStationOrders } from '../../core/stations/queries.js';
import { setStationStatus } from '../../core/stations/use-cases.js';

/** Staff, and a kitchen screen with a `kitchen` device key (docs/api.md, "Who may call what"). */
const STATION: Access = { roles: ['admin', 'operator'], scopes: ['kitchen'] };

const stationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app.services;
  const tags = ['stations'];

  app.get(
    '/v1/stations/:printerId/orders',
    { config: { access: STATION }, schema: { tags, params: StationParams, querystring: StationOrdersQuery, response: { 200: StationOrders } } },
    async (request, reply) => {
      const { orders, lastEventId } = await listStationOrders(ctx, request.params.printerId, request.query.include?.includes('done') ?? false);
      // Where a screen that just loaded this list starts following the stream (Last-Event-ID), missing nothing.
      return reply.header('x-last-event-id', String(lastEventId)).send(orders);
    },
  );

  app.patch(
    '/v1/orders/:id/stations/:printerId',
    { config: { access: STATION }, schema: { tags, params: StationOrderParams, body: StationStatusInput, response: { 200: StationOrder } } },
    (request) => setStationStatus(ctx, request.params.id, request.params.printerId, request.body.status),
  );
};

export default stationRoutes;
