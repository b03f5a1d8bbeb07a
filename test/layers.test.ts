import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import t from 'tap';
import { PACKAGE_ROOT } from '../src/version.js';

// The arrows of docs/development.md: `server` → `core` → `storage`, never back; `i18n` is used by every layer and
// uses only `api`; and one owner of the transaction: a use case in core opens it, a route or plugin never does.

const root = PACKAGE_ROOT;

function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => join(dir, file));
}

/** What a source file imports, as paths from the repository root (`src/storage/database.ts`); packages left out. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  const specifiers = [...text.matchAll(/(?:from\s+|import\s*\(\s*)'(\.[^']+)'/g)].map((match) => match[1] as string);
  return specifiers.map((specifier) => relative(root, resolve(root, dirname(file), specifier)).replace(/\.js$/, '.ts'));
}

/** The room of a path: `src/core/orders/x.ts` → `core`. */
const roomOf = (path: string) => (path.startsWith('src/') ? (path.split('/')[1] as string) : path.split('/')[0]);

t.test(
  'core imports nothing of the server, the CLI, the dashboard, the printer, the client or the web apps',
  async (t) => {
    const files = sources('src/core');
    t.ok(files.length > 20, 'the scan sees core');
    const wrong = files.flatMap((file) =>
      importsOf(file)
        .filter((path) => ['server', 'cli', 'tui', 'printer', 'client', 'web'].includes(roomOf(path) ?? ''))
        .map((path) => `${file} → ${path}`),
    );
    t.same(wrong, []);
  },
);

// Storage takes its column types' enums from the contract (src/api/enums.ts: declared once), nothing else above it.
t.test('storage imports nothing of core or the server', async (t) => {
  const wrong = sources('src/storage').flatMap((file) =>
    importsOf(file)
      .filter((path) => ['core', 'server', 'cli', 'tui', 'printer', 'client', 'web'].includes(roomOf(path) ?? ''))
      .map((path) => `${file} → ${path}`),
  );
  t.same(wrong, []);
});

t.test('routes and plugins reach the database only through core use cases, and never open a transaction', async (t) => {
  const files = [...sources('src/server/routes'), ...sources('src/server/plugins')];
  t.ok(files.length > 10, 'the scan sees the routes and plugins');
  const storageImports = files.flatMap((file) =>
    importsOf(file)
      .filter((path) => roomOf(path) === 'storage')
      .map((path) => `${file} → ${path}`),
  );
  t.same(storageImports, [], 'no storage handle, schema or query in the HTTP layer');
  const transactions = files.flatMap((file) => {
    const text = readFileSync(join(root, file), 'utf8');
    return [/\bwrite\s*\(\s*ctx\b/, /\bwriteOnce\s*\(/, /\btransaction\s*\(/, /\.storage\b/, /\breader\s*\(/]
      .filter((pattern) => pattern.test(text))
      .map((pattern) => `${file}: ${pattern.source}`);
  });
  t.same(transactions, [], 'the use case opens its transaction (and reads through its own queries)');
});

// The venue's languages are the one room every layer may read (tickets, screens, dashboard, config), so they may
// read nothing above the contract themselves.
t.test('i18n imports only the contract', async (t) => {
  const files = sources('src/i18n');
  t.ok(files.length >= 3, 'the scan sees the catalogs');
  const wrong = files.flatMap((file) =>
    importsOf(file)
      .filter((path) => !['i18n', 'api'].includes(roomOf(path) ?? ''))
      .map((path) => `${file} → ${path}`),
  );
  t.same(wrong, []);
});
