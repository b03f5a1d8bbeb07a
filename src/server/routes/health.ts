import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { version } = app.services;
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: { tags: ['health'], response: { 200: z.object({ status: z.literal('ok'), version: z.string() }) } },
    },
    () => ({ status: 'ok' as const, version }),
  );
};

export default healthRoutes;
