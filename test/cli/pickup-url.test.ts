import t from 'tap';
import { buildTestApp } from '../helpers/app.js';
import { runPosInProcess } from '../helpers/cli.js';

// `pos pickup-url` prints the pickup counter's address with a `pickup` key (made with --create-key or given with
// --key), and `pos keys create --scope pickup` makes one: the key opens the counter's state and nothing of the till.

t.test('pos pickup-url makes a pickup key and prints the address; pos keys create takes the scope', async (t) => {
  const app = await buildTestApp(t);
  await app.runtime.app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.runtime.app.server.address() as { port: number }).port}`;
  const token = await app.token('admin');
  const pos = (args: string[]) => runPosInProcess([...args, '--url', url, '--token', token]);

  const created = await pos(['pickup-url', '--create-key', 'Banco ritiro', '--json']);
  t.equal(created.code, 0, created.stderr);
  const { urls } = JSON.parse(created.stdout) as { urls: string[] };
  t.ok(urls.length >= 1, 'an address for each way to reach the server');
  const address = new URL(urls[0] as string);
  t.equal(address.port, new URL(url).port);
  t.equal(address.pathname, '/pickup');
  const key = address.searchParams.get('key') as string;
  t.match(key, /^posk_pickup_/);
  t.equal((await fetch(`${url}/v1/pickup/state`, { headers: { 'x-api-key': key } })).status, 200);
  t.equal((await fetch(`${url}/v1/orders`, { headers: { 'x-api-key': key } })).status, 403);

  const shown = await pos(['pickup-url', '--key', key]);
  t.equal(shown.code, 0, shown.stderr);
  t.match(shown.stdout, `/pickup?key=${key}`);
  t.match(shown.stdout, /[▀▄█]/, 'a QR code in the terminal');

  const wrong = await pos(['pickup-url', '--key', 'posk_display_abc']);
  t.equal(wrong.code, 1);
  t.match(wrong.stderr, /not a pickup key/);
  const none = await pos(['pickup-url']);
  t.not(none.code, 0);
  t.match(none.stderr, /--create-key/);

  const made = await pos(['keys', 'create', '--name', 'second counter', '--scope', 'pickup']);
  t.equal(made.code, 0, made.stderr);
  t.match(made.stdout, /created pickup key "second counter"/);
  t.match(made.stdout, /posk_pickup_/);
});
