import type { Command } from 'commander';
import t from 'tap';
import { commandWord, loadProgram } from '../../src/cli/program.js';

// `pos <command>` loads only that command's module; it must still be the whole command, as `pos --help` shows it.

/** Every command path with its options: what a volunteer can type. */
function shape(command: Command, path: string[] = []): string[] {
  return command.commands.flatMap((sub) => {
    const subPath = [...path, sub.name()];
    return [`${subPath.join(' ')} ${sub.options.map((o) => o.flags).join(' ')}`, ...shape(sub, subPath)];
  });
}

t.test('each command loaded alone is the same command as in the whole program', async (t) => {
  const whole = await loadProgram();
  const names = whole.commands.map((c) => c.name()).filter((name) => name !== 'help');
  t.ok(names.length > 20, `${names.length} commands`);
  for (const name of names) {
    const alone = await loadProgram(['node', 'pos', name, 'list']);
    const mine = (command: Command) => shape(command).filter((line) => line === name || line.startsWith(`${name} `));
    t.same(mine(alone), mine(whole), `pos ${name}: the whole command`);
    t.ok(alone.commands.length <= 3, `pos ${name}: loads ${alone.commands.length} command module(s), not all`);
  }
});

t.test('the command word is found after the global options, values and all', async (t) => {
  t.equal(commandWord(['node', 'pos', 'printers', 'list']), 'printers');
  t.equal(commandWord(['node', 'pos', '--data-dir', '/srv/pos', '--json', 'orders', 'list']), 'orders');
  t.equal(commandWord(['node', 'pos', '--url=http://x:4300', 'foods']), 'foods');
  t.equal(commandWord(['node', 'pos', '--help']), null);
  t.equal(commandWord(['node', 'pos']), null);
});

t.test('the executable: --version and -v print the version alone, and help still lists every command', async (t) => {
  const { runPos } = await import('../helpers/server.js');
  const { VERSION } = await import('../../src/version.js');
  for (const flag of ['--version', '-v']) t.same(runPos([flag]), { code: 0, stdout: `${VERSION}\n`, stderr: '' }, flag);
  const help = runPos(['--help']);
  t.equal(help.code, 0);
  for (const name of ['serve', 'printers', 'registers', 'orders', 'closure', 'dashboard', 'printer-emulator']) {
    t.match(help.stdout, new RegExp(`\\n  ${name}\\b`));
  }
  const typo = runPos(['printres', 'list']);
  t.equal(typo.code, 1);
  t.match(typo.stderr, /unknown command 'printres'[\s\S]*Did you mean printers\?/, 'a typo is still told the command');
});
