import Fastify, { type FastifyBodyParser, type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import { InvalidError } from '../core/errors.js';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import authPlugin from './plugins/auth.js';
import docsPlugin from './plugins/docs.js';
import errorsPlugin, { frameworkErrors } from './plugins/errors.js';
import uploadsPlugin from './plugins/uploads.js';
import apiKeyRoutes from './routes/api-keys.js';
import authRoutes from './routes/auth.js';
import bannerRoutes from './routes/banners.js';
import cashRegisterRoutes from './routes/cash-registers.js';
import catalogRoutes from './routes/catalog.js';
import displayRoutes from './routes/display.js';
import eventRoutes from './routes/events.js';
import healthRoutes from './routes/health.js';
import orderRoutes from './routes/orders.js';
import printJobRoutes from './routes/print-jobs.js';
import printerRoutes from './routes/printers.js';
import reportRoutes from './routes/reports.js';
import stationRoutes from './routes/stations.js';
import userRoutes from './routes/users.js';
import type { AppServices } from './services.js';

/** JSON bodies larger than this are refused with 413 (decisions: 256 KiB). */
export const BODY_LIMIT = 256 * 1024;

export interface BuildAppOptions {
  services: AppServices;
  logger?: FastifyServerOptions['logger'];
}

/**
 * Fastify's JSON parser, refusing text that is not valid Unicode: JSON lets `\ud800` through as a lone half of a
 * surrogate pair, which SQLite would store as bytes that no client can decode. The walk only happens for the rare
 * body whose text has such an escape.
 */
function wellFormedJsonParser(parse: FastifyBodyParser<string>): FastifyBodyParser<string> {
  return (request, body, done) => {
    parse(request, body, (error, value) => {
      if (error) return done(error);
      if (/\\u[dD][89a-fA-F]/.test(body) && !isWellFormed(value)) {
        return done(new InvalidError('The body has text that is not valid Unicode (a lone surrogate)'));
      }
      done(null, value);
    });
  };
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function isWellFormed(value: unknown): boolean {
  if (typeof value === 'string') return !LONE_SURROGATE.test(value);
  if (Array.isArray(value)) return value.every(isWellFormed);
  if (value && typeof value === 'object') return Object.entries(value).every(([key, item]) => isWellFormed(key) && isWellFormed(item));
  return true;
}

/** The HTTP application, read top to bottom: infrastructure plugins first, then one route file per resource. */
export async function buildApp({ services, logger = false }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    bodyLimit: BODY_LIMIT,
    // One log line per request would cost more than the request at a busy till, and URLs may carry tokens.
    logController: new LogController({ disableRequestLogging: true }),
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    // A malformed URL or an overlong path parameter is answered before routing: still the one error shape.
    frameworkErrors,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('services', services);
  // The API speaks JSON (and multipart for uploads): a text/plain body is refused with 415, not parsed.
  app.removeContentTypeParser('text/plain');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, wellFormedJsonParser(app.getDefaultJsonParser('error', 'error')));

  // Infrastructure
  await app.register(errorsPlugin);
  await app.register(authPlugin);
  await app.register(docsPlugin, { version: services.version });
  await app.register(uploadsPlugin);

  // Resources
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(userRoutes);
  await app.register(apiKeyRoutes);
  await app.register(printerRoutes);
  await app.register(catalogRoutes);
  await app.register(cashRegisterRoutes);
  await app.register(bannerRoutes);
  await app.register(orderRoutes);
  await app.register(stationRoutes);
  await app.register(eventRoutes);
  await app.register(reportRoutes);
  await app.register(printJobRoutes);
  await app.register(displayRoutes);

  await app.ready();
  return app;
}
