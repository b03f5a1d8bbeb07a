import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { LOCALES } from './src/api/enums.js';
import { browserCatalog, CATALOG_FILE, catalogKeys, pageKeys, pageSources } from './src/web/build-catalogs.js';

// The browser apps (src/web/<app>/) built into dist/web, served by `pos serve`: the till at /, the TV at /display,
// the kitchen screen at /kitchen, the pickup counter at /pickup, the waiter's phone at /waiter (the customers' menu:
// vite.menu-page.config.ts).
const root = fileURLToPath(new URL('./src/web/', import.meta.url));

/**
 * A browser bundle must never take a Node module (src/api files that reach node:crypto or node:net are imported
 * as types only): fail the build instead of shipping Vite's empty stand-in that breaks at run time.
 */
export function noNodeBuiltins(): Plugin {
  return {
    name: 'pos:no-node-builtins',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source.startsWith('node:'))
        throw new Error(`${importer ?? '?'} imports ${source}: the web build runs in a browser`);
      return null;
    },
  };
}

/**
 * Every page, script and style also as `.br` and `.gz` beside it, made once at build time: the server sends them to
 * the browsers that take them (@fastify/static's preCompressed), a third of the bytes over a fair's busy Wi-Fi.
 */
export function precompress(outDir: string): Plugin {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((item) =>
      item.isDirectory() ? walk(join(dir, item.name)) : [join(dir, item.name)],
    );
  return {
    name: 'pos:precompress',
    apply: 'build',
    closeBundle() {
      for (const file of walk(outDir).filter((name) => /\.(html|js|css)$/.test(name))) {
        const bytes = readFileSync(file);
        writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
        writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

const PAGE_CATALOGS = 'virtual:page-catalogs';
const WORDS = /\/src\/i18n\/([a-z]{2})\.ts\?page=(\w+)$/;

/**
 * Each page's words (src/web/build-catalogs.ts): `virtual:page-catalogs`, imported by a page's main.tsx, is that
 * page's catalog per language, a chunk of its own (`words-<page>-<language>`) loaded when the page speaks it, or all
 * in the page's one script where `inline` (the menu page, a single file). The catalogs bundled never hold the
 * terminal's and paper's words.
 */
export function pageCatalogs(inline = false): Plugin {
  const web = fileURLToPath(new URL('./src/web/', import.meta.url));
  const i18n = fileURLToPath(new URL('./src/i18n/', import.meta.url));
  return {
    name: 'pos:page-catalogs',
    enforce: 'post',
    resolveId(source, importer) {
      if (source !== PAGE_CATALOGS) return null;
      const page = importer?.startsWith(web) ? /^(\w+)\/main\.tsx$/.exec(importer.slice(web.length))?.[1] : undefined;
      if (!page) throw new Error(`${importer ?? '?'}: only a page's main.tsx imports ${PAGE_CATALOGS}`);
      return `\0${PAGE_CATALOGS}:${page}`;
    },
    load(id) {
      if (!id.startsWith(`\0${PAGE_CATALOGS}:`)) return null;
      const page = id.slice(PAGE_CATALOGS.length + 2);
      const file = (locale: string) => JSON.stringify(`${i18n}${locale}.ts?page=${page}`);
      if (inline) {
        const imports = LOCALES.map((locale) => `import { ${locale} } from ${file(locale)};`);
        const loaders = LOCALES.map((locale) => `${locale}: () => Promise.resolve(${locale})`);
        return `${imports.join('\n')}\nexport default { ${loaders.join(', ')} };`;
      }
      const loaders = LOCALES.map((locale) => `${locale}: () => import(${file(locale)}).then((m) => m.${locale})`);
      return `export default { ${loaders.join(', ')} };`;
    },
    transform(code, id) {
      const [file, query] = id.split('?');
      if (!CATALOG_FILE.test(file ?? '')) return null;
      const page = new URLSearchParams(query).get('page');
      if (!page) return { code: browserCatalog(code, this.parse(code)), map: null };
      const program = this.parse(code);
      const keys = pageKeys(pageSources(`${web}${page}/main.tsx`), catalogKeys(program));
      return { code: browserCatalog(code, program, (key) => keys.has(key)), map: null };
    },
  };
}

/** The pages' catalog chunks by page and language (test/web/till-download.test.ts finds the till's so). */
function chunkFileNames(chunk: { facadeModuleId: string | null }): string {
  const words = WORDS.exec(chunk.facadeModuleId ?? '');
  return words ? `assets/words-${words[2]}-${words[1]}-[hash].js` : 'assets/[name]-[hash].js';
}

/**
 * One chunk for what the pages share at their start: React, the locale, the login form, the live channel, the errors.
 * Split by the bundler alone it came in eight small files, each compressed on its own; one file is about 1.5 KB
 * smaller over the Wi-Fi. What a page loads only later (the client and zod, the dialogs) stays out: only what a page
 * imports at start, and of src only the browser kit's own files (the TV's chime is the TV's).
 */
const KIT =
  /node_modules[\\/](react|react-dom|scheduler)[\\/]|src[\\/](web[\\/]shared|i18n[\\/]translate|api[\\/](enums|money)\.|client[\\/]errors)/;
const kit = {
  name: 'kit',
  tags: ['$initial' as const],
  minShareCount: 2,
  test: (id: string) => KIT.test(id) && !id.includes('chime'),
};

const outDir = fileURLToPath(new URL('./dist/web/', import.meta.url));

export default defineConfig({
  root,
  base: '/',
  plugins: [noNodeBuiltins(), react(), pageCatalogs(), precompress(outDir)],
  // Nothing from outside the appliance: no CDN, no web fonts; the few KB of CSS stay in files (CSP style-src 'self').
  build: {
    outDir,
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: false,
    modulePreload: { polyfill: false },
    rollupOptions: {
      input: {
        till: `${root}index.html`,
        display: `${root}display/index.html`,
        kitchen: `${root}kitchen/index.html`,
        pickup: `${root}pickup/index.html`,
        waiter: `${root}waiter/index.html`,
      },
      output: { chunkFileNames, codeSplitting: { groups: [kit] } },
    },
  },
});
