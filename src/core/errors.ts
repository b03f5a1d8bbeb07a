// Errors are values with a status: the core throws these, one Fastify error handler formats them.

export interface IssueDetail {
  path: string;
  message: string;
}

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details?: IssueDetail[],
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** 400: the request is well-formed JSON but breaks a rule (unknown food, already confirmed, ...). */
export class InvalidError extends AppError {
  constructor(message: string, details?: IssueDetail[]) {
    super(400, message, details);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'Unauthorized') {
    super(401, message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message = 'Forbidden') {
    super(403, message);
  }
}

export class NotFoundError extends AppError {
  constructor(message: string) {
    super(404, message);
  }
}

export class ConflictError extends AppError {
  constructor(message: string) {
    super(409, message);
  }
}

export class PayloadTooLargeError extends AppError {
  constructor(message: string) {
    super(413, message);
  }
}

export class UnsupportedMediaTypeError extends AppError {
  constructor(message: string) {
    super(415, message);
  }
}

/** 422: used for an Idempotency-Key replayed with a different body. */
export class UnprocessableError extends AppError {
  constructor(message: string) {
    super(422, message);
  }
}

export class TooManyRequestsError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message);
  }
}

/** 503: the appliance cannot serve this right now (for example every display code is taken). */
export class UnavailableError extends AppError {
  constructor(message: string) {
    super(503, message);
  }
}
