import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { PAGE_HEADERS } from './web.js';

// The OpenAPI document is generated from the same zod schemas that validate requests; /docs browses it offline
// (swagger-ui's assets ship inside the npm package).

async function docsPlugin(app: FastifyInstance, options: { version: string }): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'pos',
        description: 'Point-of-sale appliance for food events. See docs/api.md for the rules behind each route.',
        version: options.version,
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          apiKey: { type: 'apiKey', in: 'header', name: 'X-API-KEY' },
        },
      },
      security: [{ bearer: [] }, { apiKey: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs', logLevel: 'warn' });
  app.get('/docs/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, () => app.swagger());
  // Swagger UI is a page like the web apps, with their headers (nothing from outside, no framing, no sniffing), on
  // everything under /docs: its page, its static files (served by a plugin of its own), the document, a 404.
  app.addHook('onSend', async (request, reply) => {
    if (/^\/docs(?:[/?]|$)/.test(request.url)) reply.headers(PAGE_HEADERS);
  });
}

export default fp(docsPlugin, { name: 'docs' });
