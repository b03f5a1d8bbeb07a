// Bundles the compiled program (dist/src, tsc's output) into dist/bundle, which bin/pos runs. Loading ~600 modules
// file by file was most of the time a `pos serve` took to start (and of a command's); one chunk per command, loaded
// when asked, halves it. The bundle is the same JavaScript tsc wrote, so the tests that import dist/src run the code
// the executable runs. Kept out: the native SQLite binding, and the packages that find their own files from where they
// sit (Swagger's UI assets and package.json, pino's worker threads).
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('../', import.meta.url));
const outdir = join(root, 'dist', 'bundle');

rmSync(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: ['dist/src/cli/main.js'],
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: [
    'better-sqlite3',
    '@fastify/swagger',
    '@fastify/swagger-ui',
    'pino',
    // Optional packages the bundled ones load only when asked: pg's native driver, Ink's React devtools.
    'pg-native',
    'react-devtools-core',
  ],
  // The CommonJS packages inside call require() for Node's own modules; an ES module has no require of its own.
  banner: {
    js:
      "import { createRequire as createRequireOfBundle } from 'node:module';\n" +
      'const require = createRequireOfBundle(import.meta.url);',
  },
  logLevel: 'warning',
});
