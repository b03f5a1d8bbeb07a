import type { DetailCode, ErrorCode } from '../api/errors.js';

// Errors are values with a status and a stable code (src/api/errors.ts): the core throws these, one Fastify error
// handler formats them. Clients choose their words by the code; the message is for people reading the API.

export type { ErrorCode };
/** Whether an error means the database is out of reach for now (answered 503, not 500). */
export { isConnectionLoss } from '../storage/connection-loss.js';

export interface IssueDetail {
  path: string;
  message: string;
  /** What is wrong with this part; the error's own code when not given. */
  code?: ErrorCode | DetailCode;
  /** The bound a too-short, too-long, too-small or too-big detail is about. */
  limit?: number;
  /** The other row a duplicate-food detail is about. */
  other?: number;
  /** The group of choices a choice-invalid detail is about (its id). */
  group?: string;
}

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details?: IssueDetail[],
    readonly code: ErrorCode = 'validation',
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** 400: the request is well-formed JSON but breaks a rule (unknown food, already confirmed, ...). */
export class InvalidError extends AppError {
  constructor(message: string, details?: IssueDetail[], code: ErrorCode = 'validation') {
    super(400, message, details, code);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'Unauthorized') {
    super(401, message, undefined, 'unauthorized');
  }
}

export class ForbiddenError extends AppError {
  constructor(message = 'Forbidden') {
    super(403, message, undefined, 'forbidden');
  }
}

export class NotFoundError extends AppError {
  constructor(message: string) {
    super(404, message, undefined, 'not-found');
  }
}

/** 409: the change clashes with what is there (a name taken, a category still in use, ...): say which by `code`. */
export class ConflictError extends AppError {
  constructor(message: string, code: ErrorCode = 'conflict') {
    super(409, message, undefined, code);
  }
}

export class PayloadTooLargeError extends AppError {
  constructor(message: string) {
    super(413, message, undefined, 'payload-too-large');
  }
}

export class UnsupportedMediaTypeError extends AppError {
  constructor(message: string) {
    super(415, message, undefined, 'unsupported-media-type');
  }
}

/** 422: used for an Idempotency-Key replayed with a different body. */
export class UnprocessableError extends AppError {
  constructor(message: string) {
    super(422, message, undefined, 'idempotency-key-reused');
  }
}

export class TooManyRequestsError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
    code: ErrorCode = 'rate-limited',
  ) {
    super(429, message, undefined, code);
  }
}

/** 503: the appliance cannot serve this right now (for example every display code is taken). */
export class UnavailableError extends AppError {
  constructor(message: string) {
    super(503, message, undefined, 'unavailable');
  }
}
