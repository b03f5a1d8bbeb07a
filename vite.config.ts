import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { browserCatalog, CATALOG_FILE } from './src/web/build-catalogs.js';

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

/** The message catalogs without the terminal's and paper's words (src/web/build-catalogs.ts). */
function browserCatalogs(): Plugin {
  return {
    name: 'pos:browser-catalogs',
    enforce: 'post',
    transform(code, id) {
      if (!CATALOG_FILE.test(id)) return null;
      return { code: browserCatalog(code, this.parse(code)), map: null };
    },
  };
}

const outDir = fileURLToPath(new URL('./dist/web/', import.meta.url));

export default defineConfig({
  root,
  base: '/',
  plugins: [noNodeBuiltins(), react(), browserCatalogs(), precompress(outDir)],
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
    },
  },
});
