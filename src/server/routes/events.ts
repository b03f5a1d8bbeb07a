import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordKeyUse } from '../../core/auth/api-keys.js';
import type { Access } from '../../core/auth/principal.js';
import { principalOf } from '../services.js';
import type { StreamCredential } from '../sse/hub.js';
import { CHANNELS, type EventChannel } from '../../core/events/event-log.js';
import { InvalidError, TooManyRequestsError } from '../../core/errors.js';

/**
 * Staff see every channel; a display board's key and a pickup counter's key read `display`, a print service's key and a
 * kitchen screen's key read `printer`.
 */
const CHANNEL_ACCESS: Record<EventChannel, Access> = {
  cashier: { roles: ['admin', 'operator'] },
  display: { roles: ['admin', 'operator'], scopes: ['display', 'pickup'] },
  printer: { roles: ['admin', 'operator'], scopes: ['printer', 'kitchen'] },
};

/** A kitchen screen is not told the evening's takings. */
const KITCHEN_WITHHELD: ReadonlySet<string> = new Set(['general-closure']);

/** What a client refused for having too many streams is told to wait before it tries again. */
const STREAM_RETRY_AFTER_SECONDS = 10;

const StreamQuery = z.object({
  access_token: z.string().optional(),
  /** For clients that cannot set the Last-Event-ID header (a page reloaded from scratch). */
  lastEventId: z.string().max(20).optional(),
});

const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  const { hub, ctx } = app.services;
  app.addHook('preClose', () => hub.close());

  for (const channel of CHANNELS) {
    app.get(
      `/events/${channel}`,
      {
        config: { access: CHANNEL_ACCESS[channel], queryToken: true },
        schema: {
          tags: ['events'],
          querystring: StreamQuery,
          description: `Server-Sent Events of the ${channel} channel (see docs/api.md, "Event stream").`,
          produces: ['text/event-stream'],
        },
      },
      async (request, reply) => {
        const principal = principalOf(request);
        // Streams are capped per user (all its tokens together), per minted token and per device key: logging in
        // again and again, or one leaked key, cannot hold the server's sockets and memory.
        const holder =
          principal.kind === 'key'
            ? `key:${principal.keyId}`
            : principal.userId !== null
              ? `user:${principal.userId}`
              : `token:${principal.jti}`;
        if (!hub.admit(holder, reply.raw)) {
          const who = principal.kind === 'key' ? 'device key' : principal.userId !== null ? 'user' : 'token';
          const message = `This ${who} already has ${hub.streamLimit} event streams open: close one first`;
          throw new TooManyRequestsError(message, STREAM_RETRY_AFTER_SECONDS, 'too-many-streams');
        }
        // The stream lives as long as its credential: it is checked again every few seconds while the stream is open.
        const credential: StreamCredential = {
          id: principal.kind === 'key' ? `key:${principal.keyId}` : `token:${principal.jti}`,
          ...(principal.kind === 'key' ? { keyId: principal.keyId } : {}),
          ...(principal.kind === 'key' && principal.scope === 'kitchen' ? { withheld: KITCHEN_WITHHELD } : {}),
          presented: request.credentials ?? {},
        };
        if (principal.kind === 'key') {
          // A display board's use is its stream. Events still flow when the note cannot be written (a full disk).
          await recordKeyUse(ctx, principal.keyId).catch((error: unknown) =>
            request.log.warn({ err: error }, 'could not record the use of a device key'),
          );
        }
        const header = request.headers['last-event-id'];
        const lastEventId = typeof header === 'string' ? header : request.query.lastEventId;
        reply.hijack();
        reply.raw.writeHead(200, {
          'content-type': 'text/event-stream',
          'cache-control': 'no-cache',
          connection: 'keep-alive',
          'x-accel-buffering': 'no',
        });
        request.raw.socket.setNoDelay(true);
        request.raw.socket.setKeepAlive(true, 30_000);
        // A stream is quiet between events by design; keep-alives, TCP keep-alive and the byte limit look after it.
        request.raw.socket.setTimeout(0);
        await hub.subscribe(channel, reply.raw, lastEventId, credential);
      },
    );
  }

  // Any other channel name: authenticated callers learn which channels exist.
  app.get(
    '/events/:channel',
    {
      config: { access: { roles: ['admin', 'operator'], scopes: ['printer', 'display'] }, queryToken: true },
      schema: { hide: true, params: z.object({ channel: z.string() }) },
    },
    async (request) => {
      throw new InvalidError(`Unknown channel "${request.params.channel}": use ${CHANNELS.join(', ')}`);
    },
  );
};

export default eventRoutes;
