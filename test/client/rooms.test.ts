import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import t from 'tap';
import { PACKAGE_ROOT } from '../../src/version.js';

// The arrows of docs/development.md for the client rooms: `tui`, `web` → `client` → `api` (and both read the
// venue's languages, `i18n`). The dashboard imports nothing of the CLI, and the client imports nothing but the
// contract (so the till can bundle it for the browser).

const root = PACKAGE_ROOT;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [join(dir, entry.name)] : [],
  );
}

/** The rooms (first folder under src/) a file imports from. */
function roomsImported(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const rooms = new Set<string>();
  for (const match of source.matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)'/g)) {
    const target = relative(join(root, 'src'), resolve(file, '..', match[1] as string));
    if (!target.startsWith('..')) rooms.add(target.split('/')[0] as string);
  }
  return [...rooms];
}

for (const [room, allowed] of [
  ['tui', ['tui', 'client', 'api', 'i18n']],
  ['client', ['client', 'api']],
  // The browser apps: `web` → `client` → `api`, nothing of the server, core, storage or the CLI.
  ['web', ['web', 'i18n', 'client', 'api']],
] as const) {
  t.test(`src/${room} imports only ${allowed.join(', ')}`, async (t) => {
    const all = files(join(root, 'src', room));
    t.ok(all.length > 0, `src/${room} has files`);
    for (const file of all) {
      const wrong = roomsImported(file).filter((imported) => !(allowed as readonly string[]).includes(imported));
      t.same(wrong, [], relative(root, file));
    }
  });
}
