import { isUtf8 } from 'node:buffer';
import Fastify, {
  type FastifyBodyParser,
  type FastifyInstance,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import { InvalidError } from '../core/errors.js';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import authPlugin from './plugins/auth.js';
import docsPlugin from './plugins/docs.js';
import errorsPlugin, { clientErrors, frameworkErrors } from './plugins/errors.js';
import idempotencyPlugin from './plugins/idempotency.js';
import uploadsPlugin from './plugins/uploads.js';
import webPlugin from './plugins/web.js';
import apiKeyRoutes from './routes/api-keys.js';
import authRoutes from './routes/auth.js';
import bannerRoutes from './routes/banners.js';
import cashRegisterRoutes from './routes/cash-registers.js';
import cashSessionRoutes from './routes/cash-sessions.js';
import catalogRoutes from './routes/catalog.js';
import displayRoutes from './routes/display.js';
import pickupRoutes from './routes/pickup.js';
import eventRoutes from './routes/events.js';
import healthRoutes from './routes/health.js';
import menuRoutes from './routes/menu.js';
import publicMenuRoutes from './routes/public-menu.js';
import orderRoutes from './routes/orders.js';
import printJobRoutes from './routes/print-jobs.js';
import printerRoutes from './routes/printers.js';
import reportRoutes from './routes/reports.js';
import stationRoutes from './routes/stations.js';
import userRoutes from './routes/users.js';
import venueRoutes from './routes/venue.js';
import type { AppServices } from './services.js';
import { limitConnectionsPerAddress } from './connection-limit.js';

/** JSON bodies larger than this are refused with 413 (docs/operations.md, "Limits and timeouts"). */
const BODY_LIMIT = 256 * 1024;

/** How long a client may take over a request (docs/operations.md, "Timeouts"). */
export interface HttpTimeouts {
  /** The request line and headers must have arrived within this. */
  headersMs: number;
  /** The whole request, body included, must have arrived within this: a body that trickles in forever gets 408. */
  requestMs: number;
  /** A connection with no traffic either way for this long is closed (event streams keep themselves alive). */
  idleMs: number;
  /** How often the server looks for requests past their time (a request is cut off at most this much late). */
  checkEveryMs: number;
}

/**
 * 60 s for a whole request is a 5 MiB banner image at about 90 KB/s: a crowded venue Wi-Fi, with room to spare.
 * Headers are a few hundred bytes: 10 s (checked every second) cuts a client that trickles them to hold sockets.
 */
export const HTTP_TIMEOUTS: HttpTimeouts = {
  headersMs: 10_000,
  requestMs: 60_000,
  idleMs: 120_000,
  checkEveryMs: 1_000,
};

export interface BuildAppOptions {
  services: AppServices;
  logger?: FastifyServerOptions['logger'];
  timeouts?: Partial<HttpTimeouts>;
}

/**
 * Fastify's JSON parser, refusing text that is not valid Unicode: bytes that are not UTF-8 (decoding would turn them
 * into U+FFFD and store that), and `\ud800`, which JSON lets through as a lone half of a surrogate pair that SQLite
 * would store as bytes no client can decode. The walk only happens for the rare body whose text has such an escape.
 */
function wellFormedJsonParser(parse: FastifyBodyParser<string>): FastifyBodyParser<Buffer> {
  return (request, bytes, done) => {
    if (!isUtf8(bytes)) return done(new InvalidError('The body is not valid UTF-8', undefined, 'invalid-json'));
    const body = bytes.toString('utf8');
    parse(request, body, (error, value) => {
      if (error) return done(error);
      if (/\\u[dD][89a-fA-F]/.test(body) && !isWellFormed(value)) {
        return done(
          new InvalidError('The body has text that is not valid Unicode (a lone surrogate)', undefined, 'invalid-json'),
        );
      }
      done(null, value);
    });
  };
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function isWellFormed(value: unknown): boolean {
  if (typeof value === 'string') return !LONE_SURROGATE.test(value);
  if (Array.isArray(value)) return value.every(isWellFormed);
  if (value && typeof value === 'object')
    return Object.entries(value).every(([key, item]) => isWellFormed(key) && isWellFormed(item));
  return true;
}

/** The HTTP application, read top to bottom: infrastructure plugins first, then one route file per resource. */
export async function buildApp({
  services,
  logger = false,
  timeouts: given = {},
}: BuildAppOptions): Promise<FastifyInstance> {
  const timeouts = { ...HTTP_TIMEOUTS, ...given };
  const app = Fastify({
    logger,
    bodyLimit: BODY_LIMIT,
    // Fastify leaves the request timeout off: a client sending its body a byte at a time would hold a connection
    // (and its parser) forever. The event streams switch the idle timeout off for their own sockets.
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.idleMs,
    http: { headersTimeout: timeouts.headersMs, connectionsCheckingInterval: timeouts.checkEveryMs },
    // One log line per request would cost more than the request at a busy till, and URLs may carry tokens.
    logController: new LogController({ disableRequestLogging: true }),
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    // A malformed URL or an overlong path parameter is answered before routing: still the one error shape.
    frameworkErrors,
    // So is what Node's HTTP parser refuses (a body past the request timeout: 408).
    clientErrorHandler: clientErrors,
  });
  limitConnectionsPerAddress(app.server);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('services', services);
  // The API speaks JSON (and multipart for uploads): a text/plain body is refused with 415, not parsed.
  app.removeContentTypeParser('text/plain');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer' },
    wellFormedJsonParser(app.getDefaultJsonParser('error', 'error')),
  );

  // Infrastructure
  await app.register(errorsPlugin);
  await app.register(authPlugin);
  await app.register(idempotencyPlugin);
  await app.register(docsPlugin, { version: services.version });
  await app.register(uploadsPlugin);
  await app.register(webPlugin);

  // Resources
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(userRoutes);
  await app.register(apiKeyRoutes);
  await app.register(printerRoutes);
  await app.register(catalogRoutes);
  await app.register(cashRegisterRoutes);
  await app.register(cashSessionRoutes);
  await app.register(bannerRoutes);
  await app.register(orderRoutes);
  await app.register(stationRoutes);
  await app.register(eventRoutes);
  await app.register(reportRoutes);
  await app.register(printJobRoutes);
  await app.register(displayRoutes);
  await app.register(pickupRoutes);
  await app.register(venueRoutes);
  await app.register(menuRoutes);
  await app.register(publicMenuRoutes);

  await app.ready();
  return app;
}
