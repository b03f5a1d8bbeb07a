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
  // Preact's compat layer in React's place: the same components and hooks in 5 KB instead of React's 60, for a page
  // a customer opens over a phone's data (the component tests still run the page with React).
  resolve: {
    alias: [
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
      { find: /^react$/, replacement: 'preact/compat' },
    ],
  },
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
