import { STATUS_CODES } from 'node:http';
import type { ErrorCode } from '../api/errors.js';
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
 * What to do about a refusal, chosen by its code (docs/api.md): the CLI's own English, after the server's message,
 * which names the records involved. Codes without advice get none.
 */
const ADVICE: Partial<Record<ErrorCode, string>> = {
  unauthorized: 'log in again with `pos login` (or, on the server machine, give --data-dir)',
  forbidden: 'this needs an admin: log in as one',
  'rate-limited': 'too many attempts: wait a minute and try again',
  'name-taken': 'choose another name, or edit the existing record',
  'in-use': 'change what still uses it first',
  'not-counted': 'set the count first: pos foods stock <name> <count> (pos ingredients stock for an ingredient)',
  'unknown-food': 'the menu changed: look at `pos foods list`',
  'printing-off': 'the server runs with --printing off',
  'too-many-streams': 'close another `pos events` or screen that uses these credentials',
  internal: 'the server logged the fault: look at its output',
};

/**
 * What the user reads for an error of the typed client (src/client): the server's refusal with its status and code,
 * and advice by the code; or where the server was looked for and how to point at another one. Null for anything
 * else (a bug).
 */
export function userMessage(error: unknown): string | null {
  if (error instanceof ApiError) {
    const advice = ADVICE[error.code as ErrorCode];
    return `${error.message} (HTTP ${error.status}) [${error.code}]${detailsOf(error)}${advice ? `: ${advice}` : ''}`;
  }
  const file = fileProblem(error);
  if (file !== null) return file;
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

/** An error as `--json` prints it on stderr, for a script to read: see docs/cli.md ("Errors with --json"). */
export interface ErrorJson {
  error: {
    /** The server's code (docs/api.md), or the CLI's own: `usage`, `unreachable`, `file`. */
    code: string;
    message: string;
    /** The HTTP status of a refusal of the server. */
    status?: number;
    details?: Array<{ path: string; message: string; code?: string }>;
    advice?: string;
  };
}

/** What `--json` prints for an error the user can act on; null for a bug (said in words, exit 2). */
export function errorJson(error: unknown): ErrorJson | null {
  if (error instanceof CliError) return { error: { code: 'usage', message: error.message } };
  if (error instanceof ApiError) {
    const body = typeof error.body === 'object' && error.body !== null ? error.body : {};
    const advice = ADVICE[error.code as ErrorCode];
    return {
      error: {
        code: error.code,
        message: error.message,
        status: error.status,
        ...(Array.isArray(body.details) ? { details: body.details } : {}),
        ...(advice ? { advice } : {}),
      },
    };
  }
  const message = userMessage(error);
  if (message === null) return null;
  return { error: { code: error instanceof NetworkError ? 'unreachable' : 'file', message } };
}

/**
 * The refusal's details, when its message is no more than its status's name: some answers (the reports') keep their
 * message to a bare "Bad Request" and name the field only in `details`. A field as the user typed it: `to`, not
 * `querystring.to`.
 */
function detailsOf(error: ApiError): string {
  if (STATUS_CODES[error.status] !== error.message) return '';
  const details = typeof error.body === 'object' && Array.isArray(error.body?.details) ? error.body.details : [];
  const said = details.map((detail) => `${detail.path.replace(/^(body|querystring|params)\./, '')}: ${detail.message}`);
  return said.length > 0 ? ` (${said.join('; ')})` : '';
}

/**
 * A refusal said in the command's terms: each `body.<field>` (or `querystring.<field>`) a flag sets (`flagOf`: field
 * → flag) becomes the flag,
 * in the message and in the details (`body.columns must be 32, 42 or 48` → `--width must be 32, 42 or 48`). Other
 * errors, and fields no flag sets, stay as they are.
 */
export function renameFields(error: unknown, flagOf: Record<string, string>): unknown {
  if (!(error instanceof ApiError) || typeof error.body !== 'object' || error.body === null) return error;
  const rename = (text: string) =>
    text.replace(/\b(?:body|querystring)\.([A-Za-z]+)\b/g, (whole, field: string) => flagOf[field] ?? whole);
  const details = (error.body.details ?? []).map((detail) => ({ ...detail, path: rename(detail.path) }));
  const message = rename(error.message);
  return new ApiError(error.status, message, { ...error.body, message, details });
}

/** What the system says of a path the user gave (a folder that is not there, a read-only stick), in words. */
const FILE_PROBLEMS: Record<string, string> = {
  ENOENT: 'no such file or folder',
  EACCES: 'permission denied',
  EPERM: 'not permitted',
  EEXIST: 'already exists',
  EISDIR: 'is a folder, not a file',
  ENOTDIR: 'a part of the path is a file, not a folder',
  EROFS: 'the disk is read-only',
  ENOSPC: 'the disk is full',
};

/** A file the command could not read or write, said with its path; null for anything else. */
function fileProblem(error: unknown): string | null {
  const { code, path } = (error ?? {}) as NodeJS.ErrnoException;
  const words = code === undefined ? undefined : FILE_PROBLEMS[code];
  return words && typeof path === 'string' ? `${path}: ${words} (${code})` : null;
}
