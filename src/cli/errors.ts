import { ApiError, NetworkError } from '../client/errors.js';

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

/**
 * What the user reads for an error of the typed client (src/client): the server's refusal with its status, or where
 * the server was looked for and how to point at another one. Null for anything else (a bug).
 */
export function userMessage(error: unknown): string | null {
  if (error instanceof ApiError) return `${error.message} (HTTP ${error.status})`;
  if (error instanceof NetworkError) {
    let server = error.url;
    try {
      server = new URL(error.url).origin;
    } catch {
      // not a URL: say it as it is
    }
    return (
      `cannot reach the pos server at ${server} (${error.reason}). ` +
      'Is `pos serve` running? Give its address with --url or POS_URL (or, on its machine, its data dir with --data-dir).'
    );
  }
  return null;
}
