import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { parseSync } from 'vite';
import { WEB_ROOT } from '../../src/server/plugins/web.js';
import { CATALOGS } from '../../src/i18n/index.js';
import { browserCatalog, isBrowserKey, NOT_IN_BROWSER, pageKeys, pageSources } from '../../src/web/build-catalogs.js';
import { PACKAGE_ROOT } from '../../src/version.js';
import { pathToFileURL } from 'node:url';

// The till's first download over the venue's Wi-Fi (docs/performance.md): what its page names (scripts, styles and
// the chunks it preloads) and the till's words in the language it starts in (the larger of the two: they are loaded
// before the first paint), brotli as the server sends it. The typed client with zod and the schemas, the dialogs and
// the second screens come after the first paint. Reads the build (npm test builds first).
const BUDGET_BYTES = 78 * 1024;
const root = pathToFileURL(`${PACKAGE_ROOT}/`);

/** The browser pages' source files (not their tests, not the build step). */
function webSources(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((item) =>
      item.isDirectory() ? walk(join(dir, item.name)) : [join(dir, item.name)],
    );
  return walk(new URL('src/web/', root).pathname).filter(
    (file) => /\.tsx?$/.test(file) && !/\.(test|d)\.tsx?$/.test(file) && !file.endsWith('build-catalogs.ts'),
  );
}

t.test('the till page, what it preloads and its words stay within 78 KB brotli, without zod', async (t) => {
  const page = readFileSync(join(WEB_ROOT, 'index.html'), 'utf8');
  const assets = [...page.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1]!);
  t.ok(assets.some((asset) => asset.endsWith('.js')) && assets.some((asset) => asset.endsWith('.css')));
  const size = (asset: string) => readFileSync(join(WEB_ROOT, `${asset}.br`)).length;
  const words = readdirSync(join(WEB_ROOT, 'assets'))
    .filter((name) => /^words-till-[a-z]{2}-[\w-]+\.js$/.test(name))
    .map((name) => `assets/${name}`);
  t.equal(words.length, 2, 'the till has its words in each language');
  const largest = words.reduce((big, file) => (size(file) > size(big) ? file : big));
  const named = [...assets, largest];
  const bytes = named.reduce((sum, asset) => sum + size(asset), 0);
  t.ok(bytes <= BUDGET_BYTES, `${(bytes / 1024).toFixed(1)} KB brotli (budget 78 KB): ${named.join(', ')}`);

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

t.test('the browser pages never import the catalogs: each loads its own words', async (t) => {
  const sources = webSources();
  const catalogs = /^import (?!type )[^;]*from '[./]*i18n\/(index|en|it)\.js'/m;
  const offenders = sources.filter(
    (file) => !file.endsWith('test-dom.ts') && catalogs.test(readFileSync(file, 'utf8')),
  );
  t.same(offenders, [], 'import what a page says with from src/i18n/translate.ts');
  const page = readFileSync(join(WEB_ROOT, 'index.html'), 'utf8');
  const eager = [...page.matchAll(/src="\/(assets\/[^"]+\.js)"|href="\/(assets\/[^"]+\.js)"/g)].map(
    (m) => m[1] ?? m[2],
  );
  t.notOk(
    eager.some((asset) => readFileSync(join(WEB_ROOT, asset!), 'utf8').includes('Wrong username or password')),
    'no word of a catalog is in the scripts the till page names',
  );
});

t.test('each page has the words its code names', async (t) => {
  const keys = Object.keys(CATALOGS.en);
  for (const name of ['till', 'kitchen', 'pickup', 'waiter', 'display', 'menu']) {
    const sources = pageSources(new URL(`src/web/${name}/main.tsx`, root).pathname);
    const wanted = pageKeys(sources, keys);
    t.ok(wanted.has('error.unknown') && wanted.has('format.money'), `${name}: the refusals and the money format`);
    t.ok(wanted.size < keys.length / 2, `${name}: ${wanted.size} of ${keys.length} keys`);
  }
  const till = pageKeys(pageSources(new URL('src/web/till/main.tsx', root).pathname), keys);
  for (const key of ['pay.cash', 'drawer.openTitle', 'status.live', 'outbox.sending', 'allergen.mark.GLUTEN'])
    t.ok(till.has(key), `the till says ${key}`);
  t.notOk(till.has('kitchen.title') || till.has('display.title'), 'and not the titles of the other pages');
});

t.test('no browser page names a key the web build leaves out of its catalogs', async (t) => {
  const sources = webSources();
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
