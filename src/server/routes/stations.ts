import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  StationOrder,
  StationOrderParams,
  StationOrders,
  StationOrdersQuery,
  StationParams,
  StationStatusInput,
} from '../../api/stations.js';
import type { Access, Principal } from '../../core/auth/principal.js';
import { ForbiddenError } from '../../core/errors.js';
import { principalOf } from '../services.js';
import { listStationOrders } from '../../core/stations/queries.js';
import { setStationStatus } from '../../core/stations/use-cases.js';

/** Staff, and a kitchen screen with a `kitchen` device key (docs/api.md, "Who may call what"). */
const STATION: Access = { roles: ['admin', 'operator'], scopes: ['kitchen'] };

/** A kitchen key tied to one station sees and moves that station only. */
function checkStation(principal: Principal, printerId: string): void {
  if (principal.kind === 'key' && principal.printerId !== null && principal.printerId !== printerId) {
    throw new ForbiddenError('This kitchen key belongs to another station');
  }
}

const stationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app.services;
  const tags = ['stations'];

  app.get(
    '/v1/stations/:printerId/orders',
    {
      config: { access: STATION },
      schema: { tags, params: StationParams, querystring: StationOrdersQuery, response: { 200: StationOrders } },
    },
    async (request, reply) => {
      checkStation(principalOf(request), request.params.printerId);
      const { orders, lastEventId } = await listStationOrders(
        ctx,
        request.params.printerId,
        request.query.include?.includes('done') ?? false,
      );
      // Where a screen that just loaded this list starts following the stream (Last-Event-ID), missing nothing.
      return reply.header('x-last-event-id', String(lastEventId)).send(orders);
    },
  );

  app.patch(
    '/v1/orders/:id/stations/:printerId',
    {
      config: { access: STATION },
      schema: { tags, params: StationOrderParams, body: StationStatusInput, response: { 200: StationOrder } },
    },
    (request) => {
      checkStation(principalOf(request), request.params.printerId);
      return setStationStatus(ctx, request.params.id, request.params.printerId, request.body.status);
    },
  );
};

export default stationRoutes;
