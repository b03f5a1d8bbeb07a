import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { DETAIL_CODES, type DetailCode, type ErrorBody, isDetailCode } from '../../api/errors.js';
import { CUID_PATTERN } from '../../api/ids.js';
import {
  AppError,
  type ErrorCode,
  type IssueDetail,
  isConnectionLoss,
  TooManyRequestsError,
} from '../../core/errors.js';

// The one place that formats error bodies: {statusCode, code, error, message, details?}, each detail with its own
// code. No request, however malformed, gets a 500 unless something is really broken, and a 500 never carries
// internals.

/** The code of an error that brings none of its own (Fastify's, a route that does not exist), by its status. */
function codeOfStatus(status: number): ErrorCode {
  const codes: Record<number, ErrorCode> = {
    401: 'unauthorized',
    403: 'forbidden',
    404: 'not-found',
    408: 'timeout',
    409: 'conflict',
    413: 'payload-too-large',
    415: 'unsupported-media-type',
    422: 'idempotency-key-reused',
    429: 'rate-limited',
    503: 'unavailable',
  };
  return codes[status] ?? (status >= 500 ? 'internal' : 'validation');
}

function body(statusCode: number, code: ErrorCode, message: string, details?: IssueDetail[]): ErrorBody {
  return {
    statusCode,
    code,
    error: STATUS_CODES[statusCode] ?? 'Error',
    message,
    ...(details && details.length > 0
      ? { details: details.map((detail) => ({ ...detail, code: detail.code ?? code })) }
      : {}),
  };
}

interface ZodIssue {
  path?: PropertyKey[];
  message?: string;
  code?: string;
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  expected?: string;
  pattern?: string;
  params?: { code?: unknown; limit?: unknown };
}

/** A validation error as fastify-type-provider-zod hands it over: the zod issue's code as `keyword`, the rest of it
 * in `params` (older versions: the whole issue in `params.issue`). */
interface ZodLikeIssue {
  instancePath?: string;
  message?: string;
  keyword?: string;
  params?: ZodIssue & { issue?: ZodIssue };
}

/**
 * What is wrong with one field, as a detail code (src/api/errors.ts) and the bound it is about, from the zod issue:
 * a refinement names its own (`params: { code }`), a length or a bound says it by its kind. Nothing more specific:
 * no code, and the detail keeps `validation`.
 */
function detailCode(issue: ZodIssue | undefined): { code?: DetailCode; limit?: number } {
  if (!issue) return {};
  const sized = issue.origin === 'string' || issue.origin === 'array' || issue.origin === 'set';
  const bound = (value: number | bigint | undefined) =>
    typeof value === 'number' && Number.isFinite(value) ? { limit: value } : {};
  switch (issue.code) {
    case 'custom': {
      const code = issue.params?.code;
      if (!isDetailCode(code) || !(DETAIL_CODES as readonly string[]).includes(code)) return {};
      return { code: code as DetailCode, ...bound(issue.params?.limit as number | undefined) };
    }
    case 'too_small':
      if (sized)
        return issue.minimum === 1 && issue.origin === 'string'
          ? { code: 'empty' }
          : { code: 'too-short', ...bound(issue.minimum) };
      return { code: 'too-small', ...bound(issue.minimum) };
    case 'too_big':
      return sized ? { code: 'too-long', ...bound(issue.maximum) } : { code: 'too-big', ...bound(issue.maximum) };
    case 'invalid_type':
      return issue.expected === 'int' ? { code: 'not-whole' } : {};
    case 'invalid_value':
      return { code: 'not-a-choice' };
    case 'invalid_format':
      return issue.pattern === String(CUID_PATTERN) ? { code: 'not-an-id' } : { code: 'invalid-format' };
    default:
      return {};
  }
}

function validationDetails(error: FastifyError): IssueDetail[] {
  const context = (error as { validationContext?: string }).validationContext ?? 'body';
  const details = (error.validation ?? []).map((raw) => {
    const issue = raw as ZodLikeIssue;
    const path =
      issue.params?.issue?.path?.map(String).join('.') ??
      issue.instancePath?.replace(/^\//, '').replaceAll('/', '.') ??
      '';
    return {
      path: path ? `${context}.${path}` : context,
      message: issue.params?.issue?.message ?? issue.message ?? 'is invalid',
      ...detailCode(issue.params?.issue ?? (issue.keyword ? { ...issue.params, code: issue.keyword } : undefined)),
    };
  });
  // Two checks can fail the same way (an integer past the safe range is neither an integer nor in range).
  return details.filter(
    (detail, index) =>
      details.findIndex((other) => other.path === detail.path && other.message === detail.message) === index,
  );
}

/** Fastify's own client errors (bad JSON, wrong content type, body too large, ...) keep their 4xx status. */
function frameworkClientError(error: FastifyError): { status: number; message: string; code?: ErrorCode } | null {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, message: 'The body is not valid JSON', code: 'invalid-json' };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return { status: 413, message: 'The request body is too large' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { status: 415, message: 'Unsupported content type: send application/json' };
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return { status: 415, message: 'Unsupported content type: send multipart/form-data' };
    default:
      break;
  }
  if (error instanceof SyntaxError) return { status: 400, message: 'The body is not valid JSON', code: 'invalid-json' };
  const status = error.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) return { status, message: error.message };
  return null;
}

/**
 * Fastify's `frameworkErrors` option: what it answers before any route or error handler is involved (a URL that does
 * not decode, a path parameter past maxParamLength) gets the same body as every other error, not Fastify's own.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
  reply.code(status).send(body(status, codeOfStatus(status), status >= 500 ? 'Internal Server Error' : error.message));
}

/**
 * Fastify's `clientErrorHandler`: what Node's HTTP parser refuses before Fastify has a request (a body that
 * trickles in past the request timeout, headers too large, bytes that are not HTTP) is written on the socket in the
 * one error shape, with its code, as Fastify's own handler would write its own.
 */
export function clientErrors(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message, code]: [number, string, ErrorCode] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'The request did not arrive in time', 'timeout']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'The request headers are too large', 'payload-too-large']
        : [400, 'The request is not valid HTTP', 'validation'];
  const text = JSON.stringify(body(status, code, message));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(text)}\r\nContent-Type: application/json\r\n\r\n${text}`,
    );
  }
  socket.destroy(error);
}

async function errorsPlugin(app: FastifyInstance): Promise<void> {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const plain = request.routeOptions.config?.plainBadRequest === true;
    if (error instanceof AppError) {
      if (error instanceof TooManyRequestsError) reply.header('retry-after', String(error.retryAfterSeconds));
      const message = plain && error.statusCode === 400 ? 'Bad Request' : error.message;
      return reply.code(error.statusCode).send(body(error.statusCode, error.code, message, error.details));
    }
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      const details = validationDetails(error);
      const first = details[0];
      const message = plain ? 'Bad Request' : first ? `${first.path} ${first.message}` : 'Invalid request';
      return reply.code(400).send(body(400, 'validation', message, details));
    }
    const clientError = isResponseSerializationError(error) ? null : frameworkClientError(error);
    if (clientError) {
      const message = plain && clientError.status === 400 ? 'Bad Request' : clientError.message;
      return reply
        .code(clientError.status)
        .send(body(clientError.status, clientError.code ?? codeOfStatus(clientError.status), message));
    }
    if (isConnectionLoss(error)) {
      // The database is out of reach for a moment (a PostgreSQL failover): a till retries from its outbox.
      request.log.warn({ err: error }, 'database unreachable');
      reply.header('retry-after', '2');
      return reply.code(503).send(body(503, 'unavailable', 'The database cannot be reached right now: try again'));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send(body(500, 'internal', 'Internal Server Error'));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send(body(404, 'not-found', `Route ${request.method} ${request.url.split('?')[0]} not found`));
  });
}

export default fp(errorsPlugin, { name: 'errors' });
