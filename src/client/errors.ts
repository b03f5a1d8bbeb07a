import type { ErrorBody, ErrorCode } from '../api/errors.js';

/** The code of an error that came without one (a proxy's page, a server before codes), by its status. */
function codeOfStatus(status: number): string {
  const codes: Record<number, ErrorCode> = {
    400: 'validation',
    401: 'unauthorized',
    403: 'forbidden',
    404: 'not-found',
    409: 'conflict',
    413: 'payload-too-large',
    415: 'unsupported-media-type',
    422: 'idempotency-key-reused',
    429: 'rate-limited',
    503: 'unavailable',
  };
  return codes[status] ?? (status >= 500 ? 'internal' : 'validation');
}

/**
 * The server answered with an error status: `body` is the one error shape when the server wrote it. Callers choose
 * what to say by `code` (docs/api.md lists them) and by `detailCodes`, never by the English `message`.
 */
export class ApiError extends Error {
  /** The error's stable code; one by its status when the body had none. */
  readonly code: string;
  /** Each detail's path and code (a sold-out food's line: `body.orderItems.1.foodId`, `food-unavailable`). */
  readonly detailCodes: ReadonlyArray<{ path: string; code: string }>;

  constructor(
    readonly status: number,
    message: string,
    readonly body: Partial<ErrorBody> | string | undefined,
  ) {
    super(message);
    this.name = 'ApiError';
    const coded = typeof body === 'object' && body !== null ? body : {};
    this.code = typeof coded.code === 'string' ? coded.code : codeOfStatus(status);
    const details = Array.isArray(coded.details) ? coded.details : [];
    this.detailCodes = details.flatMap((detail) =>
      typeof detail?.path === 'string'
        ? [{ path: detail.path, code: typeof detail.code === 'string' ? detail.code : this.code }]
        : [],
    );
  }

  /** 401: the token is missing, expired or revoked; log in again. */
  get unauthorized(): boolean {
    return this.status === 401;
  }

  /**
   * A refusal that sending the same request again will not change (400, 403, 404, 409, 422...). 401 (log in
   * again), 408, 429 and 5xx may pass on a later try.
   */
  get final(): boolean {
    return this.status >= 400 && this.status < 500 && ![401, 408, 429].includes(this.status);
  }
}

/** The server could not be reached (no network, server down, timed out): the request may be tried again. */
export class NetworkError extends Error {
  constructor(
    readonly url: string,
    readonly reason: string,
  ) {
    super(`cannot reach ${url}: ${reason}`);
    this.name = 'NetworkError';
  }
}
