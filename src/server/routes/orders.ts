import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ConfirmInput,
  CreateOrderInput,
  CreateOrderResponse,
  ListOrdersQuery,
  OrderDetail,
  OrderIdParams,
  OrderList,
  OrderPatchInput,
  OrderResponse,
  ReprintInput,
  ReprintReceiptInput,
  ReprintResponse,
} from '../../api/orders.js';
import { Refund, RefundInput, RefundList } from '../../api/refunds.js';
import { type Access, STAFF } from '../../core/auth/principal.js';
import { getOrderDetail, listOrders } from '../../core/orders/queries.js';
import { listRefunds, refundOrder } from '../../core/orders/refunds.js';
import { reprintOrder, reprintReceipt } from '../../core/orders/reprints.js';
import { currentCreationResponse, currentOrderResponse } from '../../core/orders/stored-responses.js';
import { confirmOrder, createOrder, deleteOrder, patchOrder } from '../../core/orders/use-cases.js';
import { principalOf } from '../services.js';

/** A print service with a `printer` device key may ask for reprints (docs/api.md, "Who may call what"). */
const REPRINT: Access = { roles: ['admin', 'operator'], scopes: ['printer'] };
/** The pickup counter's key hands ready orders out (and back); staff change any status. */
const PICKUP: Access = { roles: ['admin', 'operator'], scopes: ['pickup'] };

const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app.services;
  const tags = ['orders'];
  const config = { access: STAFF };

  app.get(
    '/v1/orders',
    { config, schema: { tags, querystring: ListOrdersQuery, response: { 200: OrderList } } },
    (request) => listOrders(ctx, request.query),
  );

  app.get(
    '/v1/orders/:id',
    { config, schema: { tags, params: OrderIdParams, response: { 200: OrderDetail } } },
    (request) => getOrderDetail(ctx, request.params.id),
  );

  app.post(
    '/v1/orders',
    {
      config: { ...config, idempotent: { replay: (stored) => currentCreationResponse(ctx, stored) } },
      schema: { tags, body: CreateOrderInput, response: { 201: CreateOrderResponse } },
    },
    async (request, reply) =>
      reply.code(201).send(await createOrder(ctx, request.body, principalOf(request), request.idempotencyKey)),
  );

  app.post(
    '/v1/orders/:id/confirm',
    {
      config: { ...config, idempotent: { replay: currentOrderResponse } },
      schema: { tags, params: OrderIdParams, body: ConfirmInput, response: { 200: OrderResponse } },
    },
    (request) => confirmOrder(ctx, request.params.id, request.body, principalOf(request), request.idempotencyKey),
  );

  app.post(
    '/v1/orders/:id/reprint',
    {
      config: { access: REPRINT },
      schema: { tags, params: OrderIdParams, body: ReprintInput, response: { 200: ReprintResponse } },
    },
    (request) => reprintOrder(ctx, request.params.id, request.body, principalOf(request)),
  );

  app.post(
    '/v1/orders/:id/reprint-receipt',
    {
      config: { access: REPRINT },
      schema: { tags, params: OrderIdParams, body: ReprintReceiptInput, response: { 200: ReprintResponse } },
    },
    (request) => reprintReceipt(ctx, request.params.id, request.body, principalOf(request)),
  );

  app.get(
    '/v1/orders/:id/refunds',
    { config, schema: { tags, params: OrderIdParams, response: { 200: RefundList } } },
    (request) => listRefunds(ctx, request.params.id),
  );

  app.post(
    '/v1/orders/:id/refunds',
    {
      config: { ...config, idempotent: true },
      schema: { tags, params: OrderIdParams, body: RefundInput, response: { 201: Refund } },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await refundOrder(ctx, request.params.id, request.body, principalOf(request), request.idempotencyKey)),
  );

  app.patch(
    '/v1/orders/:id',
    {
      config: { access: PICKUP },
      schema: { tags, params: OrderIdParams, body: OrderPatchInput, response: { 200: OrderResponse } },
    },
    (request) => patchOrder(ctx, request.params.id, request.body, principalOf(request)),
  );

  app.delete('/v1/orders/:id', { config, schema: { tags, params: OrderIdParams } }, async (request, reply) => {
    await deleteOrder(ctx, request.params.id, principalOf(request));
    return reply.code(204).send();
  });
};

export default orderRoutes;
