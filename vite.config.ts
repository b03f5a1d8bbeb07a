import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// The browser apps (src/web/<app>/) built into dist/web, served by `pos serve`: the till at /, the TV at /display,
// the kitchen screen at /kitchen.
const root = fileURLToPath(new URL('./src/web/', import.meta.url));

/**
 * A browser bundle must never take a Node module (src/api files that reach node:crypto or node:net are imported
 * as types only): fail the build instead of shipping Vite's empty stand-in that breaks at run time.
 */
function noNodeBuiltins(): Plugin {
  return {
    name: 'pos:no-node-builtins',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source.startsWith('node:')) throw new Error(`${importer ?? '?'} imports ${source}: the web build runs in a browser`);
      return null;
    },
  };
}

export default defineConfig({
  root,
  base: '/',
  plugins: [noNodeBuiltins(), react()],
  // Nothing from outside the appliance: no CDN, no web fonts; the few KB of CSS stay in files (CSP style-src 'self').
  build: {
    outDir: fileURLToPath(new URL('./dist/web/', import.meta.url)),
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
      },
    },
  },
});
