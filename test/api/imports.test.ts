import t from 'tap';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PACKAGE_ROOT } from '../../src/version.js';

// src/api is the lowest layer: it imports zod and its own files, nothing of the project and no Node module, so
// the server, the clients and the browser all take the same contract.

const dir = join(PACKAGE_ROOT, 'src/api');

t.test('src/api imports only zod and its own files', async (t) => {
  const files = readdirSync(dir).filter((name) => name.endsWith('.ts'));
  t.ok(files.length > 0, 'there are contract files');
  for (const file of files) {
    const source = readFileSync(join(dir, file), 'utf8');
    const specifiers = [...source.matchAll(/(?:^|\n)\s*(?:import|export)\b[^;]*?\bfrom\s+'([^']+)'/g)].map(
      (match) => match[1] as string,
    );
    for (const specifier of specifiers) {
      t.ok(specifier === 'zod' || /^\.\/[\w-]+\.js$/.test(specifier), `${file} imports ${specifier}`);
    }
    t.notMatch(source, /\bimport\s*\(|\brequire\s*\(/, `${file} has no dynamic import`);
  }
});
