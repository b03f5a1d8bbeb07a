/**
 * A mistake the user can fix (wrong flag, server not running, 4xx from the server): printed as one line, exit 1.
 * Anything else is a bug: printed with a report hint, exit 2.
 */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

/** An error answer of the server, with its status and message. */
export class ApiError extends CliError {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
  ) {
    super(`${message} (HTTP ${status})`);
  }
}

/** The server could not be reached at all (not running, wrong address, network down). */
export class UnreachableError extends CliError {}
