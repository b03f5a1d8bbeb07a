import { readdirSync, readFileSync } from 'node:fs';
import type { Command } from 'commander';
import t from 'tap';
import { loadProgram } from '../../src/cli/program.js';
import { PACKAGE_ROOT } from '../../src/version.js';
import { pathToFileURL } from 'node:url';

// docs/cli.md is where a volunteer looks a command up: every command, subcommand and flag of `pos --help` is in
// it, and every one has a description for its own --help. The README's list names every page of docs/.

const root = pathToFileURL(`${PACKAGE_ROOT}/`);
const cliDoc = readFileSync(new URL('docs/cli.md', root), 'utf8');
// The catalogue's list/show/add/edit/rm are written once for every resource ("Each resource has ...").
const GENERIC = new Set(['list', 'show', 'add', 'edit', 'rm']);

function commands(command: Command, path: string[] = []): Array<{ path: string[]; command: Command }> {
  return command.commands.flatMap((sub) => {
    const subPath = [...path, sub.name()];
    return [{ path: subPath, command: sub }, ...commands(sub, subPath)];
  });
}

const all = commands(await loadProgram()).filter(({ path }) => path[0] !== 'help');

t.test('every command has a description for its --help', async (t) => {
  for (const { path, command } of all) t.ok(command.description().trim(), `pos ${path.join(' ')}`);
});

t.test('docs/cli.md names every command and every flag', async (t) => {
  for (const { path, command } of all) {
    const name = `pos ${path.join(' ')}`;
    if (!(path.length > 1 && GENERIC.has(path.at(-1) as string)))
      t.ok(cliDoc.includes(name), `${name} is in docs/cli.md`);
    for (const option of command.options) {
      if (option.long === '--help') continue;
      t.ok(cliDoc.includes(option.long as string), `${name} ${option.long} is in docs/cli.md`);
    }
  }
});

t.test('the README links every page of docs/', async (t) => {
  const readme = readFileSync(new URL('README.md', root), 'utf8');
  const pages = readdirSync(new URL('docs/', root)).filter((file) => file.endsWith('.md'));
  t.ok(pages.length > 0);
  for (const page of pages) t.ok(readme.includes(`(docs/${page})`), `README links docs/${page}`);
});
