import type { ErrorBody } from '../api/common.js';

/** The server answered with an error status: `body` is the one error shape when the server wrote it. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: Partial<ErrorBody> | string | undefined,
  ) {
    super(message);
    this.name = 'ApiError';
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
