import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CashRegister,
  CashRegisterInput,
  CashRegisterPatch,
  CashRegisterQuery,
  CashRegistersQuery,
  OpenDrawerResponse,
} from '../../api/cash-registers.js';
import { IdParams } from '../../api/common.js';
import { ADMIN, type Access } from '../../core/auth/principal.js';
import {
  createCashRegister,
  deleteCashRegister,
  getCashRegister,
  listCashRegisters,
  replaceCashRegister,
  patchCashRegister,
} from '../../core/catalog/cash-registers.js';
import { openCashDrawer } from '../../core/printing/drawer.js';
import { principalOf } from '../services.js';

const READ: Access = { roles: ['admin', 'operator'], scopes: ['printer'] };

const cashRegisterRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app.services;
  const tags = ['cash-registers'];
  const write = { access: ADMIN };

  app.get(
    '/v1/cash-registers',
    {
      config: { access: READ },
      schema: { tags, querystring: CashRegistersQuery, response: { 200: z.array(CashRegister) } },
    },
    (request) =>
      listCashRegisters(ctx, {
        includePrinter: request.query.include?.includes('printer') ?? false,
        enabled: request.query.enabled,
      }),
  );
  app.get(
    '/v1/cash-registers/:id',
    {
      config: { access: READ },
      schema: { tags, params: IdParams, querystring: CashRegisterQuery, response: { 200: CashRegister } },
    },
    (request) => getCashRegister(ctx, request.params.id, request.query.include?.includes('printer') ?? false),
  );
  app.post(
    '/v1/cash-registers',
    { config: write, schema: { tags, body: CashRegisterInput, response: { 201: CashRegister } } },
    async (request, reply) => reply.code(201).send(await createCashRegister(ctx, request.body)),
  );
  app.put(
    '/v1/cash-registers/:id',
    { config: write, schema: { tags, params: IdParams, body: CashRegisterInput, response: { 200: CashRegister } } },
    (request) => replaceCashRegister(ctx, request.params.id, request.body),
  );
  app.patch(
    '/v1/cash-registers/:id',
    { config: write, schema: { tags, params: IdParams, body: CashRegisterPatch, response: { 200: CashRegister } } },
    (request) => patchCashRegister(ctx, request.params.id, request.body),
  );
  // No sale: the staff at the till, or a print service, open the drawer wired to the register's printer.
  app.post(
    '/v1/cash-registers/:id/open-drawer',
    { config: { access: READ }, schema: { tags, params: IdParams, response: { 200: OpenDrawerResponse } } },
    (request) => openCashDrawer(ctx, request.params.id, principalOf(request)),
  );
  app.delete(
    '/v1/cash-registers/:id',
    { config: write, schema: { tags, params: IdParams, response: { 200: CashRegister } } },
    (request) => deleteCashRegister(ctx, request.params.id),
  );
};

export default cashRegisterRoutes;
