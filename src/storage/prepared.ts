import type BetterSqlite3 from 'better-sqlite3';
import type { CompiledQuery } from 'kysely';
import type { Db } from './database.js';
import { engineOf } from './engine.js';
import { rawConnectionOf } from './raw-connections.js';

const PARAM = Symbol('prepared query parameter');

interface Placeholder {
  readonly [PARAM]: string;
}

const isPlaceholder = (value: unknown): value is Placeholder =>
  typeof value === 'object' && value !== null && PARAM in value;

/** A query builder, or a raw `sql` template (which compiles against a database). */
interface Buildable<O> {
  compile(db: Db): CompiledQuery<O>;
}

/** Stand-ins for the values of a prepared query, typed as the values they stand for. */
export type Params<P> = { readonly [K in keyof P]: P[K] };

interface Template<O> {
  compiled: CompiledQuery<O>;
  /** The statement on each raw connection it ran on. */
  statements: WeakMap<BetterSqlite3.Database, BetterSqlite3.Statement>;
  /** For each SQL parameter: where its value is found in the values of a run, or the constant the builder put there. */
  slots: Array<(values: object) => unknown>;
}

/**
 * A query of the hot path written with Kysely's builder as usual, but built and compiled once: each run only binds
 * new values. Building and compiling the dozen statements of an order cost a fifth of its CPU; the SQL text does
 * not change from one order to the next. `shape` tells apart the variants whose SQL does differ (the number of
 * rows of a multi-row insert, the length of an `in` list); the builder gets it as its third argument.
 *
 * The builder must use the stand-ins of `p` for every value that changes between runs, and must not look inside
 * them (they are placeholders, not values).
 */
export function prepared<P extends object, O>(build: (db: Db, p: Params<P>, shape: number) => Buildable<O>) {
  const templates = new Map<number, Template<O>>();
  const params = new Proxy({} as Params<P>, { get: (_, name) => ({ [PARAM]: String(name) }) satisfies Placeholder });

  // The SQL differs between the engines (placeholders, quoting): a process may use both (the tests do).
  function template(db: Db, shape: number, sqlite: boolean): Template<O> {
    const key = sqlite ? shape : -1 - shape;
    let found = templates.get(key);
    if (!found) {
      const compiled = build(db, params, shape).compile(db);
      const slots = compiled.parameters.map((value) => (isPlaceholder(value) ? accessor(value[PARAM]) : () => value));
      found = { compiled, slots, statements: new WeakMap() };
      templates.set(key, found);
    }
    return found;
  }

  /**
   * Runs on the better-sqlite3 connection under `db` when there is one (what Kysely's SQLite driver does, without
   * the executor around it); otherwise through Kysely.
   */
  async function run(db: Db, values: P, shape: number): Promise<{ rows: O[]; changes: bigint }> {
    const raw = rawConnectionOf(db);
    const found = template(db, shape, raw !== undefined || engineOf(db) === 'sqlite');
    const parameters = found.slots.map((slot) => slot(values));
    if (!raw) {
      const result = await db.executeQuery({ ...found.compiled, parameters });
      return { rows: result.rows as O[], changes: result.numAffectedRows ?? 0n };
    }
    let statement = found.statements.get(raw);
    if (!statement) {
      statement = raw.prepare(found.compiled.sql);
      found.statements.set(raw, statement);
    }
    if (statement.reader) return { rows: statement.all(parameters) as O[], changes: 0n };
    return { rows: [], changes: BigInt(statement.run(parameters).changes) };
  }

  return {
    async execute(db: Db, values: P, shape = 0): Promise<O[]> {
      return (await run(db, values, shape)).rows;
    },
    async executeTakeFirst(db: Db, values: P, shape = 0): Promise<O | undefined> {
      return (await run(db, values, shape)).rows[0];
    },
    /** For writes: how many rows changed. */
    async run(db: Db, values: P, shape = 0): Promise<bigint> {
      return (await run(db, values, shape)).changes;
    },
  };
}

/**
 * The columns of a row type, listed for a multi-row insert and checked complete at compile time: a column added to
 * the table later cannot be silently left out of the insert (it would take its default instead of the value).
 */
export function allColumns<R>() {
  return <const C extends ReadonlyArray<keyof R & string>>(
    columns: C &
      ([Exclude<keyof R & string, C[number]>] extends [never]
        ? unknown
        : { missingColumns: Exclude<keyof R & string, C[number]> }),
  ): C => columns;
}

/**
 * Stand-ins for the `index`-th row of the array value `name`, one per column: for multi-row inserts, whose column
 * list Kysely reads from the row objects.
 */
export function rowParams<R>(name: string, index: number, columns: ReadonlyArray<keyof R & string>): R {
  return Object.fromEntries(
    columns.map((column) => [column, { [PARAM]: `${name}.${index}.${column}` } satisfies Placeholder]),
  ) as R;
}

/** Stand-ins for the elements of the array value `name`, for an `in` list of `length` values. */
export function listParams<T>(name: string, length: number): T[] {
  return Array.from({ length }, (_, index) => ({ [PARAM]: `${name}.${index}` }) satisfies Placeholder as unknown as T);
}

/** Reads the value `name` stands for: a key of the values, or a dotted path into them (`rows.3.food_id`, `ids.2`). */
function accessor(name: string): (values: object) => unknown {
  const [key, index, column] = name.split('.') as [string, string | undefined, string | undefined];
  if (index === undefined) return (values) => (values as Record<string, unknown>)[key];
  const at = Number(index);
  if (column === undefined) return (values) => ((values as Record<string, unknown[]>)[key] as unknown[])[at];
  return (values) => (((values as Record<string, unknown[]>)[key] as unknown[])[at] as Record<string, unknown>)[column];
}
