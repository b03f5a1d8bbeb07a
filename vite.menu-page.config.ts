import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { noNodeBuiltins, pageCatalogs, precompress } from './vite.config.js';

// The customers' menu page (src/web/menu) as one script and one style with fixed names, nothing split off: the
// server serves them at /menu, and `pos menu-page` pours both into a single HTML file with the menu embedded
// (docs/menu-page.md), which must work opened from a phone's downloads with no network at all.
const root = fileURLToPath(new URL('./src/web/menu/', import.meta.url));
const outDir = fileURLToPath(new URL('./dist/menu-page/', import.meta.url));

export default defineConfig({
  root,
  base: '/menu-page/',
  plugins: [noNodeBuiltins(), react(), pageCatalogs(true), precompress(outDir)],
  build: {
    outDir,
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: false,
    modulePreload: { polyfill: false },
    cssCodeSplit: false,
    rollupOptions: {
      input: `${root}index.html`,
      output: { entryFileNames: 'menu.js', assetFileNames: 'menu[extname]' },
    },
  },
});
