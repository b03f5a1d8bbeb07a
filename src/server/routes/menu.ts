import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MenuImportInput, MenuImportResult } from '../../api/menu.js';
import { ADMIN } from '../../core/auth/principal.js';
import { importMenu } from '../../core/catalog/menu-import.js';

/** The whole menu in one write (`pos menu import`): all of it or none of it. */
const menuRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app.services;
  app.post(
    '/v1/menu/import',
    {
      config: { access: ADMIN },
      schema: { tags: ['catalog'], body: MenuImportInput, response: { 200: MenuImportResult } },
    },
    (request) => importMenu(ctx, request.body),
  );
};

export default menuRoutes;
