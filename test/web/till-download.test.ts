import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { parseSync } from 'vite';
import { WEB_ROOT } from '../../src/server/plugins/web.js';
import { browserCatalog, isBrowserKey, NOT_IN_BROWSER } from '../../src/web/build-catalogs.js';

// The till's first download over the venue's Wi-Fi (docs/performance.md): what its page names (scripts, styles and
// the chunks it preloads), brotli as the server sends it. The typed client with zod and the schemas, and the second
// screens, come after the first paint; the catalogs carry only the browser's words. Reads the build (npm test builds
// first).

// 78 KB held the till before covers, choices, allergens, refunds, the drawer and the cart scanner; with them the first
// download is about 85 KB (the dialogs and the scanner's row come after the first paint; the catalogs of both
// languages, about 8 KB of it, are what is left to split: docs/performance.md).
const BUDGET_BYTES = 86 * 1024;
const root = new URL('../../', import.meta.url);

t.test('the till page and what it preloads stay within 86 KB brotli, without zod', async (t) => {
  const page = readFileSync(join(WEB_ROOT, 'index.html'), 'utf8');
  const assets = [...page.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1]!);
  t.ok(assets.some((asset) => asset.endsWith('.js')) && assets.some((asset) => asset.endsWith('.css')));
  const bytes = assets.reduce((sum, asset) => sum + readFileSync(join(WEB_ROOT, `${asset}.br`)).length, 0);
  t.ok(bytes <= BUDGET_BYTES, `${(bytes / 1024).toFixed(1)} KB brotli (budget 86 KB): ${assets.join(', ')}`);

  const eager = assets.filter((asset) => asset.endsWith('.js')).map((asset) => readFileSync(join(WEB_ROOT, asset)));
  // zod's own error text, present in any bundle that carries zod's core
  const zod = 'Invalid input: expected';
  t.notOk(
    eager.some((code) => code.includes(zod)),
    'zod is not in the first download',
  );
  const later = readdirSync(join(WEB_ROOT, 'assets')).filter((name) => name.endsWith('.js'));
  t.ok(
    later.some((name) => readFileSync(join(WEB_ROOT, 'assets', name), 'utf8').includes(zod)),
    'it comes after the first paint, in a chunk of its own (so the marker above is the right one)',
  );
});

t.test('no browser page names a key the web build leaves out of its catalogs', async (t) => {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((item) =>
      item.isDirectory() ? walk(join(dir, item.name)) : [join(dir, item.name)],
    );
  const sources = walk(new URL('src/web/', root).pathname).filter(
    (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.endsWith('build-catalogs.ts'),
  );
  t.ok(sources.length > 20, 'the pages are read');
  const prefixes = NOT_IN_BROWSER.map((prefix) => prefix.replace('.', '\\.')).join('|');
  const named = new RegExp(`['"\`](?:${prefixes})`);
  const offenders = sources.filter((file) => named.test(readFileSync(file, 'utf8')));
  t.same(offenders, [], 'a page saying such a key needs it in the browser: take its prefix off NOT_IN_BROWSER');
});

t.test('the browser catalogs keep every other key, word for word', async (t) => {
  for (const name of ['en', 'it']) {
    const file = new URL(`src/i18n/${name}.ts`, root).pathname;
    const source = readFileSync(file, 'utf8');
    const pruned = browserCatalog(source, parseSync(file, source).program);
    const keysOf = (code: string) => {
      const { program, errors } = parseSync(file, code);
      t.same(errors, [], `${name}: parses`);
      const texts = new Map<string, string>();
      const visit = (node: unknown): void => {
        if (!node || typeof node !== 'object') return;
        const property = node as { type?: string; key?: { value?: unknown }; start: number; end: number };
        if (property.type === 'Property' && typeof property.key?.value === 'string') {
          texts.set(property.key.value, code.slice(property.start, property.end));
        }
        for (const value of Object.values(node)) {
          if (Array.isArray(value)) value.forEach(visit);
          else visit(value);
        }
      };
      visit(program);
      return texts;
    };
    const before = keysOf(source);
    const after = keysOf(pruned);
    const kept = [...before.keys()].filter(isBrowserKey);
    t.ok(kept.length > 100 && kept.length < before.size, `${name}: ${kept.length} of ${before.size} keys kept`);
    t.same([...after.keys()], kept, `${name}: exactly the browser's keys, in order`);
    t.ok(
      kept.every((key) => after.get(key) === before.get(key)),
      `${name}: each kept as it was written`,
    );
  }
});
