import t from 'tap';
import { join } from 'node:path';
import { sql } from 'kysely';
import { openStorage } from '../../src/storage/database.js';
import { migrate } from '../../src/storage/migrate.js';
import { openPostgres } from '../../src/storage/postgres.js';
import { tempDir } from '../helpers/app.js';
import { createTestDatabase, POSTGRES_MISSING, postgresInstalled } from '../helpers/pg-cluster.js';

// The same migrations build the same schema on both engines: every table, column (its kind of type, whether it may
// be null, whether its text ignores case), primary key, unique constraint, foreign key and index. A migration that
// says something only one engine understands the same way fails here.

interface Schema {
  columns: string[];
  keys: string[];
  indexes: string[];
}

/** `integer` on SQLite is `bigint` on PostgreSQL; `text collate nocase` is `citext`; `blob` is `bytea`. */
function kind(type: string, nocase: boolean): string {
  const lower = type.toLowerCase();
  if (['integer', 'bigint', 'int8', 'int4'].includes(lower)) return 'integer';
  if (lower === 'citext' || (lower === 'text' && nocase)) return 'text nocase';
  if (lower === 'bytea') return 'blob';
  return lower;
}

async function sqliteSchema(file: string): Promise<Schema> {
  const storage = openStorage(file);
  try {
    await migrate(storage);
    const db = storage.sqlite;
    const tables = db
      .prepare("select name, sql from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name")
      .all() as Array<{ name: string; sql: string }>;
    const schema: Schema = { columns: [], keys: [], indexes: [] };
    for (const table of tables) {
      const columns = db.prepare('select * from pragma_table_info(?)').all(table.name) as Array<{
        name: string;
        type: string;
        notnull: number;
        pk: number;
      }>;
      for (const column of columns) {
        const nocase = new RegExp(`"?${column.name}"?\\s+text[^,]*collate nocase`, 'i').test(table.sql);
        const notNull = column.notnull === 1 || column.pk > 0;
        schema.columns.push(`${table.name}.${column.name} ${kind(column.type, nocase)}${notNull ? ' not null' : ''}`);
      }
      const pk = columns
        .filter((column) => column.pk > 0)
        .sort((a, b) => a.pk - b.pk)
        .map((column) => column.name);
      if (pk.length > 0) schema.keys.push(`${table.name} primary key (${pk.join(', ')})`);
      const foreign = db.prepare('select * from pragma_foreign_key_list(?)').all(table.name) as Array<{
        id: number;
        table: string;
        from: string;
        to: string;
        on_delete: string;
      }>;
      for (const id of new Set(foreign.map((row) => row.id))) {
        const rows = foreign.filter((row) => row.id === id);
        const first = rows[0] as (typeof rows)[number];
        schema.keys.push(
          `${table.name} (${rows.map((row) => row.from).join(', ')}) references ${first.table} ` +
            `(${rows.map((row) => row.to).join(', ')}) on delete ${first.on_delete.toLowerCase()}`,
        );
      }
      const indexes = db.prepare('select * from pragma_index_list(?)').all(table.name) as Array<{
        name: string;
        unique: number;
        origin: string;
        partial: number;
      }>;
      for (const index of indexes) {
        if (index.origin === 'pk') continue;
        const names = (
          db.prepare('select name from pragma_index_info(?) order by seqno').all(index.name) as Array<{
            name: string;
          }>
        ).map((row) => row.name);
        if (index.origin === 'u') schema.keys.push(`${table.name} unique (${names.join(', ')})`);
        else
          schema.indexes.push(
            `${index.name} on ${table.name} (${names.join(', ')})${index.unique ? ' unique' : ''}${index.partial ? ' partial' : ''}`,
          );
      }
    }
    return sorted(schema);
  } finally {
    await storage.close();
  }
}

async function postgresSchema(url: string): Promise<Schema> {
  const storage = await openPostgres(url, { log: () => {} });
  try {
    await migrate(storage);
    const db = storage.read;
    const schema: Schema = { columns: [], keys: [], indexes: [] };
    const columns = await sql<{ table: string; column: string; type: string; nullable: string }>`
      select table_name as table, column_name as column, udt_name as type, is_nullable as nullable
      from information_schema.columns where table_schema = 'public'`.execute(db);
    for (const column of columns.rows) {
      schema.columns.push(
        `${column.table}.${column.column} ${kind(column.type, false)}${column.nullable === 'NO' ? ' not null' : ''}`,
      );
    }
    const constraints = await sql<{
      type: string;
      table: string;
      columns: string[];
      target: string | null;
      targets: string[] | null;
      on_delete: string;
    }>`
      select c.contype as type, t.relname as table,
        array(select a.attname::text from unnest(c.conkey) with ordinality k(n, i)
              join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.i) as columns,
        f.relname as target,
        array(select a.attname::text from unnest(c.confkey) with ordinality k(n, i)
              join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.n order by k.i) as targets,
        c.confdeltype as on_delete
      from pg_constraint c join pg_class t on t.oid = c.conrelid left join pg_class f on f.oid = c.confrelid
      join pg_namespace s on s.oid = t.relnamespace
      where s.nspname = 'public' and c.contype in ('p', 'u', 'f')`.execute(db);
    const onDelete: Record<string, string> = {
      a: 'no action',
      r: 'restrict',
      c: 'cascade',
      n: 'set null',
      d: 'set default',
    };
    for (const row of constraints.rows) {
      const list = row.columns.join(', ');
      if (row.type === 'p') schema.keys.push(`${row.table} primary key (${list})`);
      if (row.type === 'u') schema.keys.push(`${row.table} unique (${list})`);
      if (row.type === 'f') {
        schema.keys.push(
          `${row.table} (${list}) references ${row.target} (${(row.targets ?? []).join(', ')}) on delete ${onDelete[row.on_delete]}`,
        );
      }
    }
    const indexes = await sql<{ name: string; table: string; columns: string[]; unique: boolean; partial: boolean }>`
      select i.relname as name, t.relname as table, x.indisunique as unique, x.indpred is not null as partial,
        array(select a.attname::text from unnest(x.indkey) with ordinality k(n, o)
              join pg_attribute a on a.attrelid = x.indrelid and a.attnum = k.n order by k.o) as columns
      from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
      join pg_namespace s on s.oid = t.relnamespace
      where s.nspname = 'public' and not exists (select 1 from pg_constraint c where c.conindid = x.indexrelid)`.execute(
      db,
    );
    for (const index of indexes.rows) {
      schema.indexes.push(
        `${index.name} on ${index.table} (${index.columns.join(', ')})${index.unique ? ' unique' : ''}${index.partial ? ' partial' : ''}`,
      );
    }
    return sorted(schema);
  } finally {
    await storage.close();
  }
}

function sorted(schema: Schema): Schema {
  return { columns: schema.columns.sort(), keys: schema.keys.sort(), indexes: schema.indexes.sort() };
}

if (!postgresInstalled()) {
  t.comment(`skipped: ${POSTGRES_MISSING}`);
} else {
  t.test('SQLite and PostgreSQL have the same schema after every migration', async (t) => {
    const lite = await sqliteSchema(join(tempDir(t), 'pos.db'));
    const postgres = await postgresSchema(await createTestDatabase());
    t.ok(lite.columns.length > 100, `${lite.columns.length} columns compared`);
    t.ok(lite.columns.includes('users.username text nocase not null'), 'case-insensitive names are seen');
    t.ok(lite.indexes.length > 20, `${lite.indexes.length} indexes compared`);
    t.same(postgres.columns, lite.columns, 'tables and columns');
    t.same(postgres.keys, lite.keys, 'primary keys, unique constraints and foreign keys');
    t.same(postgres.indexes, lite.indexes, 'indexes');
  });
}
