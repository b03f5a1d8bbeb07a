import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CashSession,
  CashSessionList,
  ClosedCashSession,
  CloseCashSessionInput,
  OpenCashSessionInput,
} from '../../api/cash-sessions.js';
import { IdParams } from '../../api/common.js';
import { STAFF } from '../../core/auth/principal.js';
import { closeCashSession, listCashSessions, openCashSession } from '../../core/sessions/use-cases.js';
import { principalOf } from '../services.js';

// A drawer's shift on a register: open with the float, list with the figures, close with the count (the handover
// slip prints on the register's printer). Opening and closing take an Idempotency-Key, so a till that retries after
// a lost answer opens or closes once.

const cashSessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app.services;
  const tags = ['cash-sessions'];
  const config = { access: STAFF };

  app.post(
    '/v1/cash-registers/:id/sessions',
    {
      config: { ...config, idempotent: true },
      schema: { tags, params: IdParams, body: OpenCashSessionInput, response: { 201: CashSession } },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await openCashSession(
            ctx,
            request.params.id,
            request.body.float,
            principalOf(request),
            request.idempotencyKey,
          ),
        ),
  );
  app.get(
    '/v1/cash-registers/:id/sessions',
    { config, schema: { tags, params: IdParams, response: { 200: CashSessionList } } },
    (request) => listCashSessions(ctx, request.params.id),
  );
  app.post(
    '/v1/cash-registers/:id/sessions/current/close',
    {
      config: { ...config, idempotent: true },
      schema: { tags, params: IdParams, body: CloseCashSessionInput, response: { 200: ClosedCashSession } },
    },
    (request) => closeCashSession(ctx, request.params.id, request.body, principalOf(request), request.idempotencyKey),
  );
};

export default cashSessionRoutes;
