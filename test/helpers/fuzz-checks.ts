import { readdirSync, statSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import { join } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import type { LightMyRequestResponse } from 'fastify';
import { ErrorBody } from '../../src/api/common.js';
import { isDetailCode, isErrorCode } from '../../src/api/errors.js';

// What the endpoint fuzzer checks after each request: that a rejected request changed no table and no
// uploaded file, and that an error response has the one error shape.

// ---- database snapshot ------------------------------------------------------------------------------------------

/**
 * Every row of every table (read through sqlite_master, so a table added by a later migration is covered without
 * editing this list), plus the names and sizes of the uploaded files: "a rejected request changed nothing".
 *
 * Reading every table around every request would cost more than the requests. `current()` reuses the last snapshot
 * while nothing can have been written since: SQLite's total_changes() counts every row this (the only writing)
 * connection inserted, updated or deleted, rolled back or not, and PRAGMA data_version moves when any other
 * connection commits. Once either moves, the tables are read again and compared in full.
 */
export class Snapshotter {
  private readonly statements = new Map<string, BetterSqlite3.Statement>();
  private readonly versionStatement: BetterSqlite3.Statement;
  private last: { version: string; rows: Map<string, string> } | null = null;
  readonly tables: string[];

  constructor(
    private readonly sqlite: BetterSqlite3.Database,
    private readonly uploadsDir: string,
    /** Tables left out, each with the reason why it may change on a rejected request. */
    readonly excluded: Readonly<Record<string, string>> = {},
  ) {
    this.tables = (
      sqlite.prepare("select name from sqlite_master where type = 'table' order by name").pluck().all() as string[]
    ).filter((name) => !(name in excluded));
    this.versionStatement = sqlite.prepare('select total_changes()').pluck();
  }

  private uploads(): string {
    return JSON.stringify(
      readdirSync(this.uploadsDir)
        .sort()
        .map((name) => `${name}:${statSync(join(this.uploadsDir, name)).size}`),
    );
  }

  private version(): string {
    return `${String(this.versionStatement.get())}/${String(this.sqlite.pragma('data_version', { simple: true }))}`;
  }

  /** Every table read now. */
  take(): Map<string, string> {
    const snapshot = new Map<string, string>();
    for (const table of this.tables) {
      let statement = this.statements.get(table);
      if (!statement) {
        statement = this.sqlite.prepare(`select * from "${table.replaceAll('"', '""')}"`);
        this.statements.set(table, statement);
      }
      snapshot.set(table, JSON.stringify(statement.all()));
    }
    return snapshot;
  }

  /** The tables as they are now (read again only if something was written since the last call) and the uploads. */
  current(): Map<string, string> {
    const version = this.version();
    if (this.last?.version !== version) this.last = { version, rows: this.take() };
    return new Map([...this.last.rows, ['(uploads dir)', this.uploads()]]);
  }

  /** The tables whose rows differ. */
  static diff(before: Map<string, string>, after: Map<string, string>): string[] {
    return [...after.keys()].filter((key) => before.get(key) !== after.get(key));
  }
}

// ---- error shape ------------------------------------------------------------------------------------------------

const StrictErrorBody = ErrorBody.strict();

/**
 * What is wrong with an error response, or null: `{statusCode, code, error, message, details?}` and nothing else,
 * with a code of the documented list on the body and on each detail.
 */
export function errorShapeProblem(
  response: Pick<LightMyRequestResponse, 'statusCode' | 'headers' | 'body'>,
  options: { plainBadRequest?: boolean } = {},
): string | null {
  const status = response.statusCode;
  const type = String(response.headers['content-type'] ?? '');
  if (!type.startsWith('application/json')) return `content-type is "${type}"`;
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    return 'body is not JSON';
  }
  const parsed = StrictErrorBody.safeParse(body);
  if (!parsed.success)
    return `body does not have the error shape: ${parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`).join('; ')}`;
  const { statusCode, error, message, code, details } = parsed.data;
  if (statusCode !== status) return `statusCode ${statusCode} in a ${status} response`;
  if (!isErrorCode(code)) return `code "${code}" is not one of the documented codes`;
  const uncoded = (details ?? []).find((detail) => !isDetailCode(detail.code));
  if (uncoded) return `detail ${uncoded.path} has code "${uncoded.code}", not one of the documented codes`;
  if (error !== (STATUS_CODES[status] ?? 'Error')) return `error "${error}" for status ${status}`;
  if (status === 401 && message !== 'Unauthorized') return `401 with message "${message}"`;
  if (status === 403 && message !== 'Forbidden') return `403 with message "${message}"`;
  if (status === 400 && options.plainBadRequest && message !== 'Bad Request')
    return `400 on a reports route with message "${message}"`;
  return null;
}
