import t from 'tap';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { PACKAGE_ROOT } from '../../src/version.js';

// src/printer turns jobs into bytes and moves them over TCP: the job's life and its SQL are core's
// (core/printing/job-life.ts). The SSE hub reads the log through core/events. Neither builds a query.

const root = PACKAGE_ROOT;

function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name))
    .map((name) => join(root, dir, name));
}

function imports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(/(?:^|\n)\s*(?:import|export)\b[^;]*?\bfrom\s+'([^']+)'/g)].map(
    (match) => match[1] as string,
  );
}

for (const dir of ['src/printer', 'src/server/sse']) {
  t.test(`${dir} holds no SQL and imports no storage`, async (t) => {
    const files = sources(dir);
    t.ok(files.length > 0, 'there are files');
    for (const file of files) {
      const name = relative(root, file);
      for (const specifier of imports(file)) {
        t.notMatch(specifier, /(^|\/)storage\/|^kysely$|^better-sqlite3$/, `${name} imports ${specifier}`);
      }
      const source = readFileSync(file, 'utf8');
      t.notMatch(
        source,
        /\b(reader|write)\(this\.ctx|\bselectFrom\(|\bupdateTable\(|\binsertInto\(|\bdeleteFrom\(/,
        `${name} builds no query`,
      );
    }
  });
}
