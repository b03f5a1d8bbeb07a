import { join } from 'node:path';
import { existsSync, readFileSync } from 'node:fs';
import t from 'tap';
import type { Command } from 'commander';
import { loadProgram } from '../../src/cli/program.js';
import { tempDir } from '../helpers/app.js';
import { runPosInProcess } from '../helpers/cli.js';
import { runPos, startRealServer } from '../helpers/server.js';

t.test('an admin sets up the catalog from the terminal; everything survives a restart', async (t) => {
  const dataDir = tempDir(t);
  const configDir = tempDir(t);
  let server = await startRealServer(t, dataDir);
  t.match(server.output(), /First start: an admin user was created/);
  t.match(server.adminPassword, /^[a-z0-9]{4}(-[a-z0-9]{4}){3}$/);
  // On the server's machine the CLI needs no login: it finds the server and signs its own token. The commands run
  // in-process (the program and exit codes of bin/pos); starting a second server and --help below spawn the executable.
  const local = (args: string[], input?: string) =>
    runPosInProcess([...args, '--data-dir', dataDir], {
      env: { POS_CONFIG_DIR: configDir },
      ...(input ? { input } : {}),
    });
  const ok = async (args: string[], input?: string) => {
    const result = await local(args, input);
    t.equal(result.code, 0, `pos ${args.join(' ')}: ${result.stderr}`);
    return result.stdout;
  };
  await ok(['printers', 'add', '--name', 'Cucina', '--ip', '192.168.1.50', '--width', '42']);
  await ok(['printers', 'add', '--name', 'Cassa', '--ip', '192.168.1.51', '--drawer']);
  await ok(['categories', 'add', '--name', 'Pizze', '--position', '1', '--printer', 'Cucina']);
  await ok(['ingredients', 'add', '--name', 'Mozzarella']);
  await ok([
    'foods',
    'add',
    '--name',
    'Margherita',
    '--price',
    '7.50',
    '--category',
    'Pizze',
    '--ingredient',
    'Mozzarella',
  ]);
  await ok(['registers', 'add', '--name', 'Cassa 1', '--printer', 'Cassa']);
  await ok(['users', 'add', '--username', 'anna', '--role', 'operator', '--password-stdin'], 'cassa-uno-2026\n');
  const key = await ok(['keys', 'add', '--name', 'TV', '--scope', 'display']);
  t.match(key, /posk_display_\S+/);

  t.match(await ok(['foods', 'list']), /Margherita\s+7\.50\s+yes/);
  await ok(['foods', 'available', 'margherita', 'off']);
  const foods = JSON.parse(await ok(['foods', 'list', '--json']));
  t.match(foods, [{ name: 'Margherita', price: 7.5, available: false, category: { name: 'Pizze' } }]);
  await ok(['foods', 'edit', 'Margherita', '--price', '8,50']);
  const withComma = JSON.parse(await ok(['foods', 'show', 'Margherita', '--json']));
  t.match(withComma, { price: 8.5 }, 'a decimal comma, as the till takes it');
  await ok(['foods', 'edit', 'Margherita', '--price', '8', '--available']);
  t.match(JSON.parse(await ok(['foods', 'show', 'Margherita', '--json'])), {
    price: 8,
    available: true,
    ingredients: [{ name: 'Mozzarella' }],
  });
  t.match(JSON.parse(await ok(['printers', 'show', 'Cassa', '--json'])), { cashDrawer: true, columns: 48 });
  const shown = await ok(['foods', 'show', 'Margherita']);
  t.match(shown, /^price\s+8\.00$/m, 'money with two decimals');
  t.match(shown, /^category\s+Pizze$/m, 'a nested record by its name');
  t.match(shown, /^ingredients\s+Mozzarella$/m, 'a list of records as names');
  t.match(await ok(['ingredients', 'add', '--help']), /create an ingredient/);

  const bad = await local([
    'foods',
    'add',
    '--name',
    'X',
    '--price',
    '1',
    '--category',
    'Pizze',
    '--printer',
    'Nowhere',
  ]);
  t.equal(bad.code, 1);
  t.match(bad.stderr, /no printer "Nowhere"/);
  const conflict = await local(['foods', 'add', '--name', 'margherita', '--price', '1', '--category', 'Pizze']);
  t.equal(conflict.code, 1);
  t.match(conflict.stderr, /already exists \(HTTP 409\)/);
  const missing = await local(['categories', 'rm', 'Pizze']);
  t.equal(missing.code, 1, 'a category with foods is not deleted');

  // A second server on the same data dir refuses to start, with a clear message.
  const second = runPos(['serve', '--port', '0', '--host', '127.0.0.1', '--data-dir', dataDir], { timeoutMs: 120_000 });
  t.equal(second.code, 1);
  t.match(second.stderr, /already using this data dir/);

  // pos login from another machine's point of view: URL and password, no data dir.
  const remote = (args: string[], input?: string) =>
    runPosInProcess(args, { env: { POS_CONFIG_DIR: configDir, POS_URL: server.url }, ...(input ? { input } : {}) });
  const login = await remote(['login', '--username', 'anna', '--password-stdin'], 'cassa-uno-2026');
  t.equal(login.code, 0, login.stderr);
  t.match(login.stdout, /logged in .* as anna \(operator\)/);
  t.match((await remote(['whoami'])).stdout, /username\s+anna/);
  const denied = await remote(['printers', 'add', '--name', 'X', '--ip', '10.0.0.1']);
  t.equal(denied.code, 1);
  t.match(denied.stderr, /Forbidden \(HTTP 403\)/);
  // Logging out ends the token on the server too: a copy of the session file is worth nothing after.
  const saved = JSON.parse(readFileSync(join(configDir, 'session.json'), 'utf8')) as { token: string };
  const loggedOut = await remote(['logout']);
  t.equal(loggedOut.code, 0, loggedOut.stderr);
  t.equal(loggedOut.stderr, '', 'the server was told');
  t.notOk(existsSync(join(configDir, 'session.json')), 'and the file is gone');
  const copied = await fetch(`${server.url}/v1/auth/me`, { headers: { authorization: `Bearer ${saved.token}` } });
  t.equal(copied.status, 401, "the session's token is refused after pos logout");
  const wrongPassword = await remote(['login', '--username', 'anna', '--password-stdin'], 'wrong');
  t.equal(wrongPassword.code, 1);
  t.match(wrongPassword.stderr, /^error: wrong username or password for anna at http:\/\/127\.0\.0\.1:\d+/m);

  // Revocation takes effect on the running server.
  const token = (await runPosInProcess(['token', 'create', '--role', 'admin', '--data-dir', dataDir])).stdout.trim();
  const me = () => fetch(`${server.url}/v1/auth/me`, { headers: { authorization: `Bearer ${token}` } });
  t.equal((await me()).status, 200);
  // A token cut short when it was pasted, or a typo, is refused: "revoked" would leave the real one valid.
  for (const wrong of ['garbage', token.slice(0, 30), token.slice(0, 60)]) {
    const refused = await runPosInProcess(['token', 'revoke', wrong, '--data-dir', dataDir]);
    t.equal(refused.code, 1, wrong);
    t.match(refused.stderr, /that is not a pos token: give the whole token as printed, or its jti/);
  }
  t.equal((await me()).status, 200, 'still valid after the refusals');
  t.equal((await runPosInProcess(['token', 'revoke', token, '--data-dir', dataDir])).code, 0);
  t.equal((await me()).status, 401);
  const mistyped = join(dataDir, 'not-here');
  const stray = await runPosInProcess(['token', 'create', '--role', 'admin', '--data-dir', mistyped]);
  t.equal(stray.code, 1, 'a mistyped data dir gets no token');
  t.match(stray.stderr, /is not the data dir of a pos server/);
  t.equal(stray.stdout, '');
  t.equal((await runPosInProcess(['token', 'revoke', 'abcdefghijklmnop', '--data-dir', mistyped])).code, 1);
  t.notOk(existsSync(mistyped), 'and nothing is created there');

  t.equal(await server.stop('SIGTERM'), 0);
  server = await startRealServer(t, dataDir);
  t.equal(server.adminPassword, null, 'the admin is created only once');
  t.match(await ok(['printers', 'list']), /Cassa[\s\S]*Cucina/);
  t.match(await ok(['users', 'list']), /anna\s+operator/);
  t.match(await ok(['foods', 'list']), /Margherita\s+8\.00\s+yes/);
  t.match(await ok(['keys', 'list']), /TV\s+display/);
  t.match(await ok(['registers', 'list']), /Cassa 1/);
});

t.test('--help works for every command and subcommand', async (t) => {
  const commands: string[][] = [];
  const walk = (command: Command, path: string[]) => {
    commands.push(path);
    for (const sub of command.commands) walk(sub, [...path, sub.name()]);
  };
  walk(await loadProgram(), []);
  t.ok(commands.length > 40, `${commands.length} commands`);
  for (const path of commands) {
    // The same program the executable runs for these arguments (only the modules they name), parsed in-process
    // (spawning 60 processes would be slow).
    const program = await loadProgram(['node', 'pos', ...path, '--help']);
    let output = '';
    const capture = (command: Command) => {
      command
        .exitOverride()
        .configureOutput({ writeOut: (text) => (output += text), writeErr: (text) => (output += text) });
      command.commands.forEach(capture);
    };
    capture(program);
    let exitCode: number | null = null;
    try {
      await program.parseAsync(['node', 'pos', ...path, '--help']);
    } catch (error) {
      exitCode = (error as { exitCode?: number }).exitCode ?? 99;
    }
    t.equal(exitCode, 0, `pos ${path.join(' ')} --help`);
    t.match(output, /Usage: pos/);
    if (path.length > 0)
      t.notMatch(output, /Usage: pos \[options\] \[command\]\n\npoint of sale/, 'the subcommand has its own help');
  }
  const real = runPos(['foods', 'add', '--help']);
  t.equal(real.code, 0);
  t.match(real.stdout, /--price <amount>/);
  t.equal(runPos(['no-such-command']).code, 1);
  t.match(runPos(['--version']).stdout, /^\d+\.\d+\.\d+/);
});
