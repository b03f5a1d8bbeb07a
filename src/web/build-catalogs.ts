import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

// Build-time only (vite.config.ts): the message catalogs of src/i18n also hold the words of the terminal (the
// console, the dashboard, the menu import) and of paper (tickets, the closure), more than half of each catalog. The
// browser pages never say them, so the web build leaves them out of the catalogs it bundles: fewer bytes before the
// till's first paint. test/web/till-download.test.ts checks that no page names a key left out.
//
// Each page then gets a catalog of its own per language, with only the keys its code names (`pageKeys`), loaded
// before its first paint in the language it shows (src/web/shared/catalogs.ts). A key is found by its text in
// quotes (`'pay.cash'`) or by a quoted head ending in a dot (`\`status.${state}\``: every `status.` key); a key with
// a `…One` form brings it along (`counted`). A key put together any other way is not found: write its head so.

/** Key prefixes no browser page uses. */
export const NOT_IN_BROWSER = ['console.', 'dashboard.', 'import.', 'ticket.', 'closure.', 'handover.'] as const;

export const isBrowserKey = (key: string) => !NOT_IN_BROWSER.some((prefix) => key.startsWith(prefix));

/** The files whose exported object literal is a catalog. */
export const CATALOG_FILE = /\/src\/i18n\/[a-z]{2}\.ts$/;

interface Node {
  type: string;
  start: number;
  end: number;
}
interface Property extends Node {
  key: Node & { value?: unknown };
}
interface ObjectLiteral extends Node {
  properties: Property[];
}

/** The first object literal of a parsed module (a catalog module holds one), found depth first. */
function firstObject(node: unknown): ObjectLiteral | null {
  if (!node || typeof node !== 'object') return null;
  if ((node as Node).type === 'ObjectExpression') return node as ObjectLiteral;
  for (const value of Object.values(node)) {
    const found = Array.isArray(value)
      ? value.reduce<ObjectLiteral | null>((hit, item) => hit ?? firstObject(item), null)
      : firstObject(value);
    if (found) return found;
  }
  return null;
}

/** The keys of a parsed catalog module, in order. */
export function catalogKeys(program: unknown): string[] {
  const object = firstObject(program);
  if (!object) throw new Error('a catalog module without an object literal');
  return object.properties.map((property) => property.key.value).filter((key) => typeof key === 'string');
}

/**
 * The catalog module's code (JavaScript, as the bundler has it after TypeScript) with only the browser's keys: the
 * object literal is written again from the properties it keeps, each as it was.
 */
export function browserCatalog(code: string, program: unknown, keep: (key: string) => boolean = isBrowserKey): string {
  const object = firstObject(program);
  if (!object) throw new Error('a catalog module without an object literal');
  const kept = object.properties.filter(
    (property) =>
      typeof property.key.value !== 'string' || (isBrowserKey(property.key.value) && keep(property.key.value)),
  );
  const body = kept.map((property) => code.slice(property.start, property.end)).join(',\n');
  return `${code.slice(0, object.start)}{\n${body}\n}${code.slice(object.end)}`;
}

/** The project's source files a page's code is made of: its entry and all it imports, at once or later. */
export function pageSources(entry: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file) || CATALOG_FILE.test(file)) return;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    for (const [, specifier] of code.matchAll(/(?:from|import\(?)\s*['"](\.[^'"]+)['"]/g)) {
      const target = join(dirname(file), specifier as string);
      if (target.endsWith('.css')) continue;
      const base = target.replace(/\.js$/, '');
      const found = [`${base}.ts`, `${base}.tsx`, target].find((name) => existsSync(name));
      if (!found) throw new Error(`${file}: cannot find ${specifier}`);
      visit(found);
    }
  };
  visit(entry);
  return [...seen];
}

/** The keys of `allKeys` that the page whose code is `sources` names (see above how a key is found). */
export function pageKeys(sources: readonly string[], allKeys: readonly string[]): Set<string> {
  const quoted = new Set<string>();
  for (const file of sources) {
    for (const [, text] of readFileSync(file, 'utf8').matchAll(/['"`]([A-Za-z][\w.-]*)/g)) quoted.add(text as string);
  }
  const heads = [...quoted].filter((text) => text.endsWith('.'));
  const named = allKeys.filter((key) => quoted.has(key) || heads.some((head) => key.startsWith(head)));
  const keys = new Set(named);
  for (const key of named) if (allKeys.includes(`${key}One`)) keys.add(`${key}One`);
  return keys;
}
