import { homedir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { sessionFile } from '../../src/cli/client.js';

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
  withEnv({ POS_CONFIG_DIR: undefined, XDG_CONFIG_HOME: 'relative/dir' }, () => t.equal(sessionFile(), home, 'a relative XDG_CONFIG_HOME is ignored (XDG spec)'));
});

t.test('a given POS_CONFIG_DIR or XDG_CONFIG_HOME is used', async (t) => {
  withEnv({ POS_CONFIG_DIR: '/srv/kiosk', XDG_CONFIG_HOME: '/x' }, () => t.equal(sessionFile(), '/srv/kiosk/session.json'));
  withEnv({ POS_CONFIG_DIR: '', XDG_CONFIG_HOME: '/home/anna/.cfg' }, () => t.equal(sessionFile(), '/home/anna/.cfg/pos/session.json'));
  withEnv({ POS_CONFIG_DIR: undefined, XDG_CONFIG_HOME: undefined }, () => t.equal(sessionFile(), home));
});
