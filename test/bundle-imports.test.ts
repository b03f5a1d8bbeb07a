import t from 'tap';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PACKAGE_ROOT } from '../src/version.js';

// bin/pos runs an esbuild bundle of the program (scripts/bundle.mjs). There, a dynamic import() of a CommonJS package
// gives its `default` export alone, where node also gives its named ones: `const { createElement } = await
// import('react')` works in the tests (which import dist/src) and breaks in the executable. So a dynamic import of a
// CommonJS package takes `default`, in one of two spellings this test knows.

const TAKES_DEFAULT_BEFORE = /\{\s*default:\s*\w+\s*\}\s*=\s*await\s*$/;
const TAKES_DEFAULT_AFTER = /^\.then\(\((\w+)\) => \1\.default\)/;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'web' ? [] : sources(path); // the browser apps: Vite bundles them
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Whether node loads a package's entry for import() as CommonJS (by its extension, or its package.json's type). */
function isCommonJs(specifier: string): boolean {
  const file = fileURLToPath(import.meta.resolve(specifier));
  if (file.endsWith('.cjs')) return true;
  if (file.endsWith('.mjs')) return false;
  for (let dir = dirname(file); dir !== dirname(dir); dir = dirname(dir)) {
    try {
      const json = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { type?: string; name?: string };
      if (json.type !== undefined || json.name !== undefined) return json.type !== 'module';
    } catch {
      // no package.json here: look further up
    }
  }
  return true;
}

t.test('every dynamic import of a CommonJS package takes its default export', async (t) => {
  const found: string[] = [];
  const wrong: string[] = [];
  for (const file of sources(join(PACKAGE_ROOT, 'src'))) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/import\('([^.'][^']*)'\)/g)) {
      const specifier = match[1]!;
      if (specifier.startsWith('node:') || !isCommonJs(specifier)) continue;
      const at = `${relative(PACKAGE_ROOT, file)}: import('${specifier}')`;
      found.push(at);
      const before = text.slice(Math.max(0, match.index - 80), match.index);
      const after = text.slice(match.index + match[0].length, match.index + match[0].length + 80);
      if (!TAKES_DEFAULT_BEFORE.test(before) && !TAKES_DEFAULT_AFTER.test(after)) wrong.push(at);
    }
  }
  t.ok(found.length >= 4, `the dynamic imports of CommonJS packages are found (${found.join('; ')})`);
  t.same(wrong, [], 'a dynamic import of a CommonJS package takes `default` (see docs/development.md, "The bundle")');
});
