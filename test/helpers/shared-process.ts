import { existsSync, readFileSync } from 'node:fs';
import { PACKAGE_ROOT } from '../../src/version.js';
import { pathToFileURL } from 'node:url';

// Test files that share a process (test/*-files*.test.ts): starting a file costs CPU (node and tap, the tsx loader
// when it runs from source, a Chromium for the browser files, a PostgreSQL cluster for the PostgreSQL ones) and
// files run together pay that once. package.json lists them: `testGroups` maps each sharing file to its files, and
// `tap.exclude` names every one of them, so `tap` does not run them again on their own (`npx tap FILE` still runs
// one alone). A file belongs in a group when it leaves the process as it found it: no environment variable, DOM or
// `afterEach` of its own, no process listener, no count of the process's own memory; what it starts (servers,
// browser pages, clusters' databases) it stops in its tests' teardowns. Its tests then run as they would alone, one
// file after the other. A group stays well under a minute on the idle machine.

const root = pathToFileURL(`${PACKAGE_ROOT}/`);

/**
 * The module of a listed file (`test/x.test.ts`): the file itself, or what tsc emitted for it in dist/ when this
 * process runs compiled JavaScript (`npm test`, test/helpers/tap-compiled.mjs), which cannot load TypeScript.
 */
const compiled = import.meta.url.endsWith('.js');
const moduleOf = (file: string) =>
  compiled ? new URL(`dist/${file.replace(/\.tsx?$/, '.js')}`, root).href : new URL(file, root).href;

interface Listed {
  exclude: string[];
  groups: Record<string, string[]>;
}

function listed(): Listed {
  const json = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as {
    tap: { exclude: string[] };
    testGroups: Record<string, string[]>;
  };
  return { exclude: json.tap.exclude, groups: json.testGroups };
}

interface Checks {
  ok(value: unknown, message: string): unknown;
  same(found: unknown, wanted: unknown, message: string): unknown;
}

/** Checks the lists agree, then imports the group's files one after the other (their tests run in this process). */
export async function runGroup(t: Checks, sharing: string): Promise<void> {
  const { exclude, groups } = listed();
  const files = groups[sharing] ?? [];
  t.ok(files.length > 0, `${files.length} files share ${sharing}`);
  const grouped = Object.values(groups).flat();
  t.same(
    exclude.filter((pattern) => /\.test\.tsx?$/.test(pattern)).sort(),
    [...grouped].sort(),
    "tap.exclude names exactly the files of package.json's testGroups",
  );
  t.same(
    grouped.filter((file, index) => grouped.indexOf(file) !== index),
    [],
    'no file is in two groups (it would run twice)',
  );
  const missing = files.filter((file) => !existsSync(new URL(file, root)));
  t.same(missing, [], 'every file of the group exists (a renamed file: rename it in package.json too)');
  for (const file of files) if (!missing.includes(file)) await import(moduleOf(file));
}

/**
 * The files of package.json's `postgresFiles` run again in this process on PostgreSQL: POS_TEST_ENGINE is set
 * before any of them (or the builders, test/helpers/engine.ts) is loaded, so every app, core and real server they
 * build gets a fresh database of the process's throwaway cluster. Each file must also be in a group (or run alone
 * under tap), so it runs on SQLite too. The files come in parts of about the same time, one process each (part is
 * 1-based), so no process holds a tap slot for long.
 */
export async function runOnPostgres(t: Checks, part: number): Promise<void> {
  const json = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { postgresFiles: string[][] };
  const files = json.postgresFiles[part - 1] ?? [];
  t.ok(files.length > 0, `${files.length} files run on PostgreSQL`);
  const all = json.postgresFiles.flat();
  t.same(new Set(all).size, all.length, 'no file is in two parts of postgresFiles (it would run twice)');
  const missing = files.filter((file) => !existsSync(new URL(file, root)));
  t.same(missing, [], 'every file of postgresFiles exists (a renamed file: rename it in package.json too)');
  process.env.POS_TEST_ENGINE = 'postgres';
  for (const file of files) if (!missing.includes(file)) await import(moduleOf(file));
}
