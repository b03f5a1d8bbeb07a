import { spawn } from 'node:child_process';
import t from 'tap';
import { nodeCommand, POS_BIN, runPos } from '../helpers/server.js';

// What `pos` writes into a pipe: `pos … | head` and `pos … > file` are how volunteers keep a list.

t.test('a reader that stops early (pos … | head) ends pos quietly, with no EPIPE stack trace', async (t) => {
  const child = spawn(...nodeCommand([POS_BIN, '--help']), {
    env: { ...process.env, POS_DATA_DIR: '', POS_URL: '', POS_TOKEN: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The reader is gone before pos writes its first line, as `head` is after its lines.
  child.stdout.destroy();
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('pos did not exit within 20 s')), 20_000);
    child.once('exit', (exitCode) => {
      clearTimeout(timer);
      resolve(exitCode);
    });
  });
  t.equal(stderr, '', 'nothing on stderr');
  t.equal(code, 0, 'exit 0');
});

t.test('no colour codes into a pipe: the QR code of display-url is plain characters', async (t) => {
  const result = runPos([
    'display-url',
    '--key',
    'posk_display_abc',
    '--url',
    'http://192.168.1.20:4300',
    '--token',
    'x',
  ]);
  t.equal(result.code, 0, result.stderr);
  t.match(result.stdout, /http:\/\/192\.168\.1\.20:4300\/display\?key=posk_display_abc/);
  t.match(result.stdout, /[█▀▄]/, 'the QR code is drawn');
  t.notMatch(result.stdout, /\u001b\[/, 'no escape codes');
});

t.test(
  'no colour codes into a pipe: the QR code of till-url is plain characters too (one QR for every screen)',
  async (t) => {
    const result = runPos(['till-url', '--url', 'http://192.168.1.20:4300']);
    t.equal(result.code, 0, result.stderr);
    t.match(result.stdout, /^http:\/\/192\.168\.1\.20:4300\/$/m);
    t.match(result.stdout, /Scan to open the till \(http:\/\/192\.168\.1\.20:4300\/\) on a tablet/);
    t.match(result.stdout, /[█▀▄]/, 'the QR code is drawn');
    t.notMatch(result.stdout, /\u001b\[/, 'no escape codes');
  },
);
