import { existsSync } from 'node:fs';
import { sql } from 'kysely';
import { acquireLock, DataDirLockedError, ensureDataDir, resolveDataDir } from '../../storage/data-dir.js';
import { CliError } from '../errors.js';

// `pos setup --from <last year's data dir>`: the catalog, printers, registers, users and venue settings copied into
// this data dir in one transaction, no orders. Done on the files, with the server stopped (it holds the data dir):
// users keep their passwords, which no API hands out.

/** Parents before children, so the foreign keys hold at every insert. */
const TABLES = [
  'printers',
  'categories',
  'ingredients',
  'foods',
  'food_ingredients',
  'food_choice_groups',
  'food_choice_options',
  'cash_registers',
  'users',
  'venue',
] as const;

/** What last year's counts meant is gone: portions start uncounted, nothing is sold out by running out. */
const RESET: Partial<Record<(typeof TABLES)[number], string>> = {
  foods:
    'update foods set stock = null, sold_out_by_stock = 0, available = case when sold_out_by_stock = 1 then 1 else available end',
  ingredients: 'update ingredients set stock = null',
  printers: "update printers set status = 'OFFLINE', status_reason = null",
};

export interface CopyResult {
  copied: Record<string, number>;
}

export async function copyFrom(
  from: string,
  dataDir: string | undefined,
  confirm: (question: string) => Promise<boolean>,
): Promise<CopyResult> {
  const source = resolveDataDir(from);
  const target = resolveDataDir(dataDir);
  if (!existsSync(source.database)) throw new CliError(`${from} is not a pos data dir (no ${source.database})`);
  if (source.database === target.database) throw new CliError('--from names this same data dir');
  ensureDataDir(target);
  let release: () => void;
  try {
    release = acquireLock(target); // refused while a server runs on it: stop it first
  } catch (error) {
    if (error instanceof DataDirLockedError) throw new CliError(error.message);
    throw error;
  }
  const [{ openStorage, transaction }, { migrate }] = await Promise.all([
    import('../../storage/database.js'),
    import('../../storage/migrate.js'),
  ]);
  const storage = openStorage(target.database);
  try {
    await migrate(storage);
    const orders = await storage.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    if (Number(orders.n) > 0)
      throw new CliError(`this data dir (${target.root}) already has orders: copy into a new, empty one`);
    const present = await storage.db
      .selectFrom('foods')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    if (
      Number(present.n) > 0 &&
      !(await confirm(`This replaces the menu, printers, registers, users and venue of ${target.root}. Go on?`))
    ) {
      throw new CliError('nothing was copied');
    }
    storage.sqlite.prepare('attach database ? as old').run(source.database);
    const copied: Record<string, number> = {};
    await transaction(storage, async (trx) => {
      for (const table of [...TABLES].reverse()) await sql`delete from ${sql.table(table)}`.execute(trx);
      for (const table of TABLES) {
        const columns = (name: string, schema: string) =>
          (
            storage.sqlite.prepare(`select name from ${schema}.pragma_table_info(?)`).all(name) as Array<{
              name: string;
            }>
          ).map((c) => c.name);
        const oldColumns = new Set(columns(table, 'old'));
        if (oldColumns.size === 0) continue; // an older data dir without this table (the venue before it existed)
        const shared = columns(table, 'main').filter((column) => oldColumns.has(column));
        const list = sql.join(shared.map((column) => sql.id(column)));
        const result =
          await sql`insert into main.${sql.table(table)} (${list}) select ${list} from old.${sql.table(table)}`.execute(
            trx,
          );
        copied[table] = Number(result.numAffectedRows ?? 0);
        if (RESET[table]) await sql.raw(RESET[table] as string).execute(trx);
      }
    });
    return { copied };
  } finally {
    try {
      storage.sqlite.prepare('detach database old').run();
    } catch {
      // not attached
    }
    await storage.close();
    release();
  }
}
