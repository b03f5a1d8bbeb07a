import { existsSync, readFileSync } from 'node:fs';
import t from 'tap';

// Small unit files share this one process: each file alone costs about a second of CPU to start (node, the tsx
// loader, tap) for a fraction of that in tests. The files are package.json's `tap.exclude` (so `tap` does not run
// them again on their own); each still runs alone with `npx tap <file>`. Only files that start nothing and change no
// global (no server, database, child process, environment variable, DOM, afterEach) belong in the list: their
// tests then run here exactly as in a process of their own, one file after another.

const root = new URL('../', import.meta.url);
const { tap } = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { tap: { exclude: string[] } };
const files = tap.exclude.filter((pattern) => pattern.endsWith('.test.ts'));

t.ok(files.length > 0, `${files.length} unit files`);
const missing = files.filter((file) => !existsSync(new URL(file, root)));
t.same(missing, [], 'every file of the list exists (a renamed file: rename it in package.json too)');

for (const file of files) {
  if (!missing.includes(file)) await import(new URL(file, root).href);
}
