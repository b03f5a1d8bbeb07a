import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiKey, ApiKeyCreated, ApiKeyInput } from '../../api/auth.js';
import { IdParams } from '../../api/common.js';
import { createApiKey, deleteApiKey, listApiKeys } from '../../core/auth/api-keys.js';
import { ADMIN } from '../../core/auth/principal.js';

const apiKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app.services;
  const tags = ['api-keys'];
  const config = { access: ADMIN };

  app.get('/v1/api-keys', { config, schema: { tags, response: { 200: z.array(ApiKey) } } }, () => listApiKeys(ctx));

  // The key itself is shown in this response only; the database keeps its hash.
  app.post(
    '/v1/api-keys',
    { config, schema: { tags, body: ApiKeyInput, response: { 201: ApiKeyCreated } } },
    async (request, reply) => {
      const { lastUsedAt: _unused, ...created } = await createApiKey(ctx, request.body);
      return reply.code(201).send(created);
    },
  );

  app.delete('/v1/api-keys/:id', { config, schema: { tags, params: IdParams } }, async (request, reply) => {
    await deleteApiKey(ctx, request.params.id);
    app.services.hub.recheckCredentials(); // its screens stop at once
    return reply.code(204).send();
  });
};

export default apiKeyRoutes;
