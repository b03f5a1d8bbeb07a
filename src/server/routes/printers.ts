import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParams } from '../../api/common.js';
import { Printer, PrinterInput, PrinterStatusInput } from '../../api/printers.js';
import { ADMIN, type Access } from '../../core/auth/principal.js';
import {
  createPrinter,
  deletePrinter,
  getPrinter,
  listPrinters,
  replacePrinter,
  setPrinterStatus,
} from '../../core/catalog/printers.js';

/** Staff read the printers; so do an unattended print service (`printer` key) and a kitchen screen (`kitchen`). */
const READ: Access = { roles: ['admin', 'operator'], scopes: ['printer', 'kitchen'] };
/** A print service reports the status it sees; admins set it by hand. */
const SET_STATUS: Access = { roles: ['admin'], scopes: ['printer'] };

const printerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app.services;
  const tags = ['printers'];

  app.get('/v1/printers', { config: { access: READ }, schema: { tags, response: { 200: z.array(Printer) } } }, () =>
    listPrinters(ctx),
  );

  app.get(
    '/v1/printers/:id',
    { config: { access: READ }, schema: { tags, params: IdParams, response: { 200: Printer } } },
    (request) => getPrinter(ctx, request.params.id),
  );

  app.post(
    '/v1/printers',
    { config: { access: ADMIN }, schema: { tags, body: PrinterInput, response: { 201: Printer } } },
    async (request, reply) => reply.code(201).send(await createPrinter(ctx, request.body)),
  );

  app.put(
    '/v1/printers/:id',
    { config: { access: ADMIN }, schema: { tags, params: IdParams, body: PrinterInput, response: { 200: Printer } } },
    (request) => replacePrinter(ctx, request.params.id, request.body),
  );

  app.patch(
    '/v1/printers/:id',
    {
      config: { access: SET_STATUS },
      schema: { tags, params: IdParams, body: PrinterStatusInput, response: { 200: Printer } },
    },
    (request) => setPrinterStatus(ctx, request.params.id, request.body.status),
  );

  app.delete(
    '/v1/printers/:id',
    { config: { access: ADMIN }, schema: { tags, params: IdParams, response: { 200: Printer } } },
    (request) => deletePrinter(ctx, request.params.id),
  );
};

export default printerRoutes;
