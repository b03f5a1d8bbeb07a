import { execFileSync, spawnSync } from 'node:child_process';
import t from 'tap';
import { tempDir } from '../helpers/app.js';
import { POS_BIN, runPos, startRealServer } from '../helpers/server.js';

// What a new volunteer met at the fair, run as they ran it: the real `pos` against a real server on its data dir.

const hasTmux = spawnSync('tmux', ['-V']).status === 0;

const dataDir = tempDir(t);
const configDir = tempDir(t);
const server = await startRealServer(t, dataDir);
const pos = (args: string[], input?: string) =>
  runPos([...args, '--data-dir', dataDir], { env: { POS_CONFIG_DIR: configDir }, ...(input === undefined ? {} : { input }) });
const ok = (args: string[], input?: string) => {
  const result = pos(args, input);
  if (result.code !== 0) throw new Error(`pos ${args.join(' ')} failed: ${result.stderr}`);
  return result.stdout;
};
const login = async (username: string, password: string) =>
  (
    await fetch(`${server.url}/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    })
  ).status;

t.test('lists name the printers, not their ids', async (t) => {
  ok(['printers', 'add', '--name', 'Cucina', '--ip', '10.0.0.5']);
  ok(['printers', 'add', '--name', 'Cassa', '--ip', '10.0.0.6']);
  ok(['categories', 'add', '--name', 'Pizze', '--printer', 'Cucina']);
  ok(['categories', 'add', '--name', 'Bevande']);
  ok(['foods', 'add', '--name', 'Birra', '--price', '4', '--category', 'Bevande', '--printer', 'Cassa']);
  ok(['registers', 'add', '--name', 'Cassa 1', '--printer', 'Cassa']);
  const categories = ok(['categories', 'list']);
  t.match(categories, /Pizze\s+yes\s+Cucina$/m);
  t.match(categories, /Bevande\s+yes\s+-$/m, 'no printer: a dash');
  t.match(ok(['registers', 'list']), /Cassa 1\s+yes\s+Cassa$/m);
  t.match(ok(['foods', 'list']), /Birra\s+4\.00\s+yes\s+Cassa$/m);
  t.match(ok(['registers', 'show', 'Cassa 1']), /^printer\s+Cassa$/m);
  t.match(JSON.parse(ok(['registers', 'list', '--json'])), [{ name: 'Cassa 1', defaultPrinterId: /^c/ }], '--json stays the server\'s own');
});

t.test('pos users add states the password rule; --password-stdin is checked against it too', async (t) => {
  const short = pos(['users', 'add', '--username', 'carla', '--password-stdin'], 'corta\n');
  t.equal(short.code, 1);
  t.match(short.stderr, /the password needs at least 8 characters/);
  t.equal(await login('carla', 'corta'), 401, 'nobody was created');
  t.equal(pos(['users', 'add', '--username', 'carla', '--password-stdin'], 'lunga-abbastanza\n').code, 0);
  t.equal(await login('carla', 'lunga-abbastanza'), 200);
});

t.test('pos users add asks for the password twice, in a terminal, and refuses two different ones', async (t) => {
  if (!hasTmux) {
    if (process.env['CI']) throw new Error('tmux is missing: .ci/run installs it before the tests');
    t.comment('SKIPPED: no tmux on this machine (apt-get install tmux); in CI this is a failure');
    return;
  }
  const session = `pos-users-${process.pid}`;
  const tmux = (...args: string[]) => execFileSync('tmux', args, { encoding: 'utf8' });
  const screen = () => tmux('capture-pane', '-p', '-t', session);
  const waitFor = async (what: string, check: (text: string) => boolean) => {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const text = screen();
      if (check(text)) return text;
      if (Date.now() > deadline) throw new Error(`the terminal never showed ${what}:\n${text}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const run = (username: string) =>
    `env -u CI POS_DATA_DIR=${dataDir} POS_CONFIG_DIR=${configDir} ${process.execPath} ${POS_BIN} users add --username ${username}; ` +
    'echo "exit code $?"; sleep 60';
  tmux('new-session', '-d', '-s', session, '-x', '100', '-y', '20', run('dora'));
  t.teardown(() => spawnSync('tmux', ['kill-session', '-t', session]));
  let text = await waitFor('the rule and the question', (s) => s.includes('New password:'));
  t.match(text, /The password needs at least 8 characters/, 'the rule comes before the question');
  tmux('send-keys', '-t', session, '-l', 'cassa-due-2026');
  tmux('send-keys', '-t', session, 'Enter');
  await waitFor('the second question', (s) => s.includes('Type it again:'));
  tmux('send-keys', '-t', session, '-l', 'cassa-due-2027');
  tmux('send-keys', '-t', session, 'Enter');
  text = await waitFor('the refusal', (s) => s.includes('exit code'));
  t.match(text, /the two passwords are not the same: nothing was changed/);
  t.match(text, /exit code 1/);
  t.notMatch(text, /cassa-due/, 'nothing typed is shown');
  t.equal(await login('dora', 'cassa-due-2026'), 401, 'not created');

  spawnSync('tmux', ['kill-session', '-t', session]);
  tmux('new-session', '-d', '-s', session, '-x', '100', '-y', '20', run('dora'));
  await waitFor('the question', (s) => s.includes('New password:'));
  tmux('send-keys', '-t', session, '-l', 'cassa-due-2026');
  tmux('send-keys', '-t', session, 'Enter');
  await waitFor('the second question', (s) => s.includes('Type it again:'));
  tmux('send-keys', '-t', session, '-l', 'cassa-due-2026');
  tmux('send-keys', '-t', session, 'Enter');
  text = await waitFor('the end', (s) => s.includes('exit code'));
  t.match(text, /created user dora/);
  t.equal(await login('dora', 'cassa-due-2026'), 200, 'created with that password');
});

