import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { tempDir } from '../helpers/app.js';
import { runPosInProcess } from '../helpers/cli.js';
import { nodeCommand, POS_BIN, startRealServer } from '../helpers/server.js';

// `pos serve --data-dir D` in one terminal, `pos … --data-dir D` (or POS_DATA_DIR=D) in another: found, no login,
// whatever an older `pos login` left behind.

t.test('--data-dir and POS_DATA_DIR find the server of that data dir, with no login', async (t) => {
  const dataDir = tempDir(t);
  const configDir = tempDir(t);
  // A session of an earlier evening, for a server that no longer runs.
  writeFileSync(
    join(configDir, 'session.json'),
    JSON.stringify({
      url: 'http://127.0.0.1:1',
      token: 'old',
      expiresAt: new Date(Date.now() + 3600_000).toISOString(),
      username: 'anna',
    }),
    { mode: 0o600 },
  );
  await startRealServer(t, dataDir);
  const env = { POS_CONFIG_DIR: configDir };

  const byFlag = await runPosInProcess(['whoami', '--data-dir', dataDir], { env });
  t.equal(byFlag.code, 0, byFlag.stderr);
  t.match(byFlag.stdout, /role\s+admin/, 'a token signed with the data dir secret');
  const before = await runPosInProcess(['--data-dir', dataDir, 'printers', 'list'], { env });
  t.equal(before.code, 0, `the flag before the command: ${before.stderr}`);
  const byEnv = await runPosInProcess(['printers', 'add', '--name', 'Cucina', '--ip', '10.0.0.5'], {
    env: { ...env, POS_DATA_DIR: dataDir },
  });
  t.equal(byEnv.code, 0, byEnv.stderr);
  t.match((await runPosInProcess(['printers', 'list'], { env: { ...env, POS_DATA_DIR: dataDir } })).stdout, /Cucina/);
});

t.test('no server on the data dir: the message names the data dir and how to start it', async (t) => {
  const dataDir = tempDir(t);
  const configDir = tempDir(t);
  const none = await runPosInProcess(['printers', 'list', '--data-dir', dataDir], {
    env: { POS_CONFIG_DIR: configDir },
  });
  t.equal(none.code, 1);
  t.match(none.stderr, /no pos server found running on the data dir .* \(--data-dir \/ POS_DATA_DIR\)/);
  t.match(none.stderr, new RegExp(`pos serve --data-dir ${dataDir}`));

  // A server that died without cleaning up (a power cut) left its server.json: it is not taken for a running one.
  writeFileSync(
    join(dataDir, 'server.json'),
    JSON.stringify({ url: 'http://127.0.0.1:1', port: 1, host: '127.0.0.1', pid: 2 ** 22 + 1, startedAt: '' }),
  );
  const stale = await runPosInProcess(['printers', 'list', '--data-dir', dataDir], {
    env: { POS_CONFIG_DIR: configDir },
  });
  t.equal(stale.code, 1);
  t.match(stale.stderr, /no pos server found running on the data dir/);

  // Nothing given, and no server in ./pos-data (run where there is none).
  const nothing = spawnSync(...nodeCommand([POS_BIN, 'printers', 'list']), {
    cwd: tempDir(t),
    env: { ...process.env, POS_DATA_DIR: '', POS_URL: '', POS_TOKEN: '', POS_CONFIG_DIR: configDir },
    encoding: 'utf8',
    timeout: 20_000,
  });
  t.equal(nothing.status, 1);
  t.match(nothing.stderr, /no pos server found: .*--data-dir or POS_DATA_DIR.*--url or POS_URL/);
});
