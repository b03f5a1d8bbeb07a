import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { decodeMoney } from '../../api/money-codec.js';
import { LIMITS } from '../../api/orders.js';
import { principalId } from '../../core/auth/principal.js';
import { type IdempotencyKey, Replay, requestHash } from '../../core/idempotency.js';
import { principalOf } from '../services.js';

// Idempotency-Key (docs/api.md) is a route option, handled here once: a route declares `config: { idempotent }`
// and hands `request.idempotencyKey` to its use case, whose `writeOnce` (src/core/idempotency.ts) records the
// response in the use case's own transaction. This plugin gives the route the header, makes the key, and answers a
// replay.

/** `true`, or how a stored response is brought up to today's shape (one stored by an earlier release). */
export type IdempotentOption = true | { replay(stored: unknown): unknown };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Honour an Idempotency-Key header: the handler passes `request.idempotencyKey` to its use case. */
    idempotent?: IdempotentOption;
  }
  interface FastifyRequest {
    /** On an idempotent route, the key the request came with (null: it came without one). */
    idempotencyKey: IdempotencyKey | null;
  }
}

const KeyHeader = z
  .string()
  .min(1)
  .max(LIMITS.idempotencyKey, `must be at most ${LIMITS.idempotencyKey} characters`)
  .optional();

/** The one success status of the route, stored with the response (a replay answers it again), and its schema. */
function successOf(route: RouteOptions): { statusCode: number; schema: z.ZodType } {
  const responses = (route.schema?.response as Record<string, unknown> | undefined) ?? {};
  const statuses = Object.keys(responses)
    .map(Number)
    .filter((status) => status >= 200 && status < 300);
  const schema = responses[String(statuses[0])];
  if (statuses.length !== 1 || !(schema instanceof z.ZodType)) {
    throw new Error(`idempotent route ${route.method} ${route.url} must declare exactly one 2xx response schema`);
  }
  return { statusCode: statuses[0] as number, schema };
}

function withKeyHeader(route: RouteOptions): z.ZodType {
  const headers = route.schema?.headers;
  if (headers === undefined) return z.object({ 'idempotency-key': KeyHeader });
  if (headers instanceof z.ZodObject) return headers.extend({ 'idempotency-key': KeyHeader });
  throw new Error(`idempotent route ${route.method} ${route.url}: its headers schema must be a zod object`);
}

/** The key space is the caller; the endpoint is the path with its parameters (`POST /v1/orders/42/confirm`). */
function keyOf(request: FastifyRequest, url: string, statusCode: number, schema: z.ZodType): IdempotencyKey | null {
  const key = request.headers['idempotency-key'];
  if (typeof key !== 'string') return null;
  const params = (request.params ?? {}) as Record<string, unknown>;
  return {
    principal: principalId(principalOf(request)),
    endpoint: `${request.method} ${url.replace(/:(\w+)/g, (_, name: string) => String(params[name]))}`,
    key,
    requestHash: requestHash(request.body),
    statusCode,
    wire: (response) => z.encode(schema, response as never),
  };
}

async function idempotencyPlugin(app: FastifyInstance): Promise<void> {
  app.decorateRequest('idempotencyKey', null);

  app.addHook('onRoute', (route) => {
    const option = route.config?.idempotent;
    if (!option) return;
    const { statusCode, schema } = successOf(route);
    const replay = option === true ? (stored: unknown) => stored : option.replay;
    route.schema = { ...route.schema, headers: withKeyHeader(route) };
    const handler = route.handler;
    route.handler = async function idempotent(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
      request.idempotencyKey = keyOf(request, route.url, statusCode, schema);
      try {
        return await handler.call(this, request, reply);
      } catch (error) {
        if (!(error instanceof Replay)) throw error;
        reply.header('idempotent-replayed', 'true');
        // Stored as the wire has it; the serializer writes the amounts out again from cents.
        return reply.code(error.statusCode).send(decodeMoney(schema, await replay(error.body)));
      }
    };
    // A route that declares the option but never hands the key to its use case would run a retry twice.
    const forgotten = async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.idempotencyKey && !request.idempotencyKey.used && reply.statusCode < 300) {
        throw new Error(`${route.method} ${route.url} is idempotent but its use case never got the Idempotency-Key`);
      }
    };
    route.onSend = [...[route.onSend ?? []].flat(), forgotten];
  });
}

export default fp(idempotencyPlugin, { name: 'idempotency', dependencies: ['auth'] });
