import { readdirSync, readFileSync } from 'node:fs';
import t from 'tap';
import { PACKAGE_ROOT } from '../../src/version.js';
import { pathToFileURL } from 'node:url';

// The dashboard writes every string through its own Text (src/tui/components/Text.tsx), which removes escape
// sequences and control characters: a component that took Ink's Text directly would print names as they came.

t.test('no component of the dashboard uses Ink’s Text but the one that makes it safe', async (t) => {
  const root = pathToFileURL(`${PACKAGE_ROOT}/src/tui/`);
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((file) => /\.tsx?$/.test(file));
  t.ok(files.length > 5, `${files.length} files read`);
  const offenders = files.filter((file) => {
    if (file === 'components/Text.tsx') return false;
    const source = readFileSync(new URL(file, root), 'utf8');
    return /import\s*\{[^}]*\bText\b[^}]*\}\s*from\s*'ink'/.test(source);
  });
  t.same(offenders, [], 'every <Text> is ours');
});
