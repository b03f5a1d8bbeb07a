import { chmodSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { saveSession, sessionFile } from '../../src/cli/client.js';
import { tempDir } from '../helpers/app.js';

// `POS_CONFIG_DIR=` or `XDG_CONFIG_HOME=` set but empty wrote the session token into the current
// directory. Empty means unset.

function withEnv(env: Record<string, string | undefined>, run: () => void): void {
  const saved = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]));
  const apply = (values: Record<string, string | undefined>) => {
    for (const [name, value] of Object.entries(values)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
  apply(env);
  try {
    run();
  } finally {
    apply(saved);
  }
}

const home = join(homedir(), '.config', 'pos', 'session.json');

t.test('an empty POS_CONFIG_DIR or XDG_CONFIG_HOME counts as unset', async (t) => {
  withEnv({ POS_CONFIG_DIR: '', XDG_CONFIG_HOME: undefined }, () => t.equal(sessionFile(), home, 'POS_CONFIG_DIR='));
  withEnv({ POS_CONFIG_DIR: undefined, XDG_CONFIG_HOME: '' }, () => t.equal(sessionFile(), home, 'XDG_CONFIG_HOME='));
  withEnv({ POS_CONFIG_DIR: '', XDG_CONFIG_HOME: '' }, () => t.equal(sessionFile(), home, 'both empty'));
  withEnv({ POS_CONFIG_DIR: '  ', XDG_CONFIG_HOME: undefined }, () => t.equal(sessionFile(), home, 'blank'));
  withEnv({ POS_CONFIG_DIR: undefined, XDG_CONFIG_HOME: 'relative/dir' }, () =>
    t.equal(sessionFile(), home, 'a relative XDG_CONFIG_HOME is ignored (XDG spec)'),
  );
});

t.test('a given POS_CONFIG_DIR or XDG_CONFIG_HOME is used', async (t) => {
  withEnv({ POS_CONFIG_DIR: '/srv/kiosk', XDG_CONFIG_HOME: '/x' }, () =>
    t.equal(sessionFile(), '/srv/kiosk/session.json'),
  );
  withEnv({ POS_CONFIG_DIR: '', XDG_CONFIG_HOME: '/home/anna/.cfg' }, () =>
    t.equal(sessionFile(), '/home/anna/.cfg/pos/session.json'),
  );
  withEnv({ POS_CONFIG_DIR: undefined, XDG_CONFIG_HOME: undefined }, () => t.equal(sessionFile(), home));
});

t.test('every write leaves the session file owner-only (0600), even one that was readable by others', async (t) => {
  const dir = tempDir(t);
  const file = join(dir, 'session.json');
  const session = {
    url: 'http://127.0.0.1:4300',
    token: 'secret-token',
    expiresAt: '2026-11-22T05:00:00.000Z',
    username: 'anna',
  };
  writeFileSync(file, '{}', { mode: 0o644 });
  chmodSync(file, 0o666);
  withEnv({ POS_CONFIG_DIR: dir }, () => saveSession(session));
  t.equal(statSync(file).mode & 0o777, 0o600, 'a loose file is tightened');
  t.same(JSON.parse(readFileSync(file, 'utf8')), session);
  withEnv({ POS_CONFIG_DIR: dir }, () => saveSession({ ...session, token: 'another' }));
  t.equal(statSync(file).mode & 0o777, 0o600, 'and stays so');
  t.same(readdirSync(dir), ['session.json'], 'no file left beside it');
});
