// Build-time only (vite.config.ts): the message catalogs of src/i18n also hold the words of the terminal (the
// console, the dashboard, the menu import) and of paper (tickets, the closure), more than half of each catalog. The
// browser pages never say them, so the web build leaves them out of the catalogs it bundles: fewer bytes before the
// till's first paint. test/web/build-catalogs.test.ts checks that no page names a key left out.

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

/**
 * The catalog module's code (JavaScript, as the bundler has it after TypeScript) with only the browser's keys: the
 * object literal is written again from the properties it keeps, each as it was.
 */
export function browserCatalog(code: string, program: unknown): string {
  const object = firstObject(program);
  if (!object) throw new Error('a catalog module without an object literal');
  const kept = object.properties.filter(
    (property) => typeof property.key.value !== 'string' || isBrowserKey(property.key.value),
  );
  const body = kept.map((property) => code.slice(property.start, property.end)).join(',\n');
  return `${code.slice(0, object.start)}{\n${body}\n}${code.slice(object.end)}`;
}
