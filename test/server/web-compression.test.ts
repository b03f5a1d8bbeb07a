import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import t from 'tap';
import { WEB_ROOT } from '../../src/server/plugins/web.js';
import { buildTestApp } from '../helpers/app.js';

// The build writes each page, script and style also compressed (vite.config.ts); the server sends those to a
// browser that takes them, byte for byte the same file once unpacked, and the plain file to one that does not.

t.test('the web build goes out compressed to browsers that take it, and plain to others', async (t) => {
  const app = await buildTestApp(t);
  const page = readFileSync(join(WEB_ROOT, 'index.html'));
  const script = /src="\/assets\/([^"]+\.js)"/.exec(page.toString())?.[1];
  t.ok(script, 'the till page names its script');
  const plain = readFileSync(join(WEB_ROOT, 'assets', script!));

  const asked = (url: string, encoding?: string) =>
    app.request({ method: 'GET', url, as: 'none', headers: encoding ? { 'accept-encoding': encoding } : {} });

  const gz = await asked(`/assets/${script}`, 'gzip');
  t.equal(gz.statusCode, 200);
  t.equal(gz.headers['content-encoding'], 'gzip');
  t.match(gz.headers['content-type'], /javascript/);
  t.equal(gz.headers['vary'], 'accept-encoding');
  t.ok(gunzipSync(gz.rawPayload).equals(plain), 'the same script once unpacked');
  t.ok(gz.rawPayload.length < plain.length / 2, `${gz.rawPayload.length} bytes instead of ${plain.length}`);

  const br = await asked(`/assets/${script}`, 'gzip, deflate, br');
  t.equal(br.headers['content-encoding'], 'br', 'brotli when the browser takes it (Chromium does)');
  t.ok(brotliDecompressSync(br.rawPayload).equals(plain));

  const none = await asked(`/assets/${script}`);
  t.notOk(none.headers['content-encoding'], 'a client that asks for nothing gets the file as it is');
  t.ok(none.rawPayload.equals(plain));

  const html = await asked('/', 'gzip');
  t.equal(html.headers['content-encoding'], 'gzip', 'the page too');
  t.match(html.headers['content-security-policy'], /default-src 'self'/, 'with its policy');
  t.equal(html.headers['cache-control'], 'no-cache');
  t.ok(gunzipSync(html.rawPayload).equals(page));
});
