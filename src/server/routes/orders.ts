import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ConfirmInput,
  CreateOrderInput,
  CreateOrderResponse,
  LIMITS,
  ListOrdersQuery,
  OrderDetail,
  OrderIdParams,
  OrderList,
  OrderResponse,
  ReprintInput,
  ReprintReceiptInput,
  ReprintResponse,
  StatusInput,
} from '../../api/orders.js';
import { type Access, principalId, STAFF } from '../../core/auth/principal.js';
import { write } from '../../core/context.js';
import { runIdempotent, type StoredResponse } from '../../core/idempotency.js';
import { getOrderDetail, listOrders } from '../../core/orders/queries.js';
import { reprintOrder, reprintReceipt } from '../../core/orders/reprints.js';
import { currentCreationResponse, currentOrderResponse } from '../../core/orders/stored-responses.js';
import { confirmOrder, createOrder, deleteOrder, setOrderStatus } from '../../core/orders/use-cases.js';
import { principalOf } from '../services.js';

/** A print service with a `printer` device key may ask for reprints (decisions: device keys). */
const REPRINT: Access = { roles: ['admin', 'operator'], scopes: ['printer'] };

const IdempotencyHeaders = z.object({
  'idempotency-key': z.string().min(1).max(LIMITS.idempotencyKey, `must be at most ${LIMITS.idempotencyKey} characters`).optional(),
});

function send(reply: FastifyReply, result: StoredResponse) {
  if (result.replayed) reply.header('idempotent-replayed', 'true');
  return reply.code(result.statusCode).send(result.body);
}

function idempotencyScope(request: FastifyRequest, endpoint: string) {
  const key = request.headers['idempotency-key'];
  return {
    principal: principalId(principalOf(request)),
    endpoint,
    key: typeof key === 'string' ? key : undefined,
    body: request.body,
  };
}

const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app.services;
  const tags = ['orders'];
  const config = { access: STAFF };

  app.get('/v1/orders', { config, schema: { tags, querystring: ListOrdersQuery, response: { 200: OrderList } } }, (request) =>
    listOrders(ctx, request.query),
  );

  app.get('/v1/orders/:id', { config, schema: { tags, params: OrderIdParams, response: { 200: OrderDetail } } }, (request) =>
    getOrderDetail(ctx, request.params.id),
  );

  app.post(
    '/v1/orders',
    { config, schema: { tags, headers: IdempotencyHeaders, body: CreateOrderInput, response: { 201: CreateOrderResponse } } },
    async (request, reply) => {
      const actor = principalOf(request);
      const result = await runIdempotent(ctx, idempotencyScope(request, 'POST /v1/orders'), async (trx) => ({
        statusCode: 201,
        body: (await createOrder(trx, ctx, request.body, actor)).response,
      }));
      return send(reply, result.replayed ? { ...result, body: await currentCreationResponse(ctx, result.body) } : result);
    },
  );

  app.post(
    '/v1/orders/:id/confirm',
    {
      config,
      schema: { tags, headers: IdempotencyHeaders, params: OrderIdParams, body: ConfirmInput, response: { 200: OrderResponse } },
    },
    async (request, reply) => {
      const actor = principalOf(request);
      const { id } = request.params;
      const result = await runIdempotent(ctx, idempotencyScope(request, `POST /v1/orders/${id}/confirm`), async (trx) => ({
        statusCode: 200,
        body: (await confirmOrder(trx, ctx, id, request.body, actor)).response,
      }));
      return send(reply, result.replayed ? { ...result, body: currentOrderResponse(result.body) } : result);
    },
  );

  app.post(
    '/v1/orders/:id/reprint',
    { config: { access: REPRINT }, schema: { tags, params: OrderIdParams, body: ReprintInput, response: { 200: ReprintResponse } } },
    async (request) => {
      const actor = principalOf(request);
      return (await write(ctx, (trx) => reprintOrder(trx, ctx, request.params.id, request.body, actor))).response;
    },
  );

  app.post(
    '/v1/orders/:id/reprint-receipt',
    { config: { access: REPRINT }, schema: { tags, params: OrderIdParams, body: ReprintReceiptInput, response: { 200: ReprintResponse } } },
    async (request) => {
      const actor = principalOf(request);
      return (await write(ctx, (trx) => reprintReceipt(trx, ctx, request.params.id, request.body, actor))).response;
    },
  );

  app.patch(
    '/v1/orders/:id',
    { config, schema: { tags, params: OrderIdParams, body: StatusInput, response: { 200: OrderResponse } } },
    async (request) => (await write(ctx, (trx) => setOrderStatus(trx, ctx, request.params.id, request.body.status))).response,
  );

  app.delete('/v1/orders/:id', { config, schema: { tags, params: OrderIdParams } }, async (request, reply) => {
    const actor = principalOf(request);
    await write(ctx, (trx) => deleteOrder(trx, ctx, request.params.id, actor));
    return reply.code(204).send();
  });
};

export default orderRoutes;
