import { readdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import t from 'tap';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { multipartBody, PNG_1X1 } from '../helpers/multipart.js';
import { snapshotTables } from '../helpers/seed.js';

// An upload over 5 MiB is 413 however its bytes arrive: the multipart parser stops at the limit and marks the file
// cut short, and a file whose last chunk arrived just past the limit was once taken whole and stored cut to 5 MiB.

const LIMIT = 5 * 1024 * 1024;
const banner = {
  name: 'Pro Loco',
  type: 'SPONSOR',
  title: 'Pro Loco di Borgo',
  description: '',
  website: '',
  social1: '',
  social2: '',
  color: '#FF8800',
  dateTime: '2026-11-21T19:00:00+01:00',
  active: true,
};

/** A PNG-looking file of exactly `size` bytes (the server checks the signature, not the rest). */
const pngOfSize = (size: number) => Buffer.concat([PNG_1X1, Buffer.alloc(size - PNG_1X1.length, 7)]);

/** PATCH …/image over a real socket, the body written in the given pieces, a moment apart. */
async function upload(app: TestApp, bannerId: string, pieces: Buffer[], headers: Record<string, string>) {
  const { port } = app.runtime.app.server.address() as AddressInfo;
  const token = await app.token('admin');
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: 'PATCH',
        path: `/v1/banners/${bannerId}/image`,
        headers: {
          ...headers,
          authorization: `Bearer ${token}`,
          'content-length': String(Buffer.concat(pieces).length),
        },
      },
      (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    const next = (index: number) => {
      if (index === pieces.length) return void req.end();
      // Pacing the sender, not waiting for a result: the server reads the first piece on its own before the rest
      // comes, as it does from a slow Wi-Fi. On a machine too busy for that the pieces merge and the test proves less,
      // never wrongly.
      req.write(pieces[index], () => setTimeout(() => next(index + 1), 250));
    };
    next(0);
  });
}

t.test('a file just over 5 MiB is 413 wherever its pieces end; exactly 5 MiB is stored whole', async (t) => {
  const app = await buildTestApp(t);
  await app.runtime.app.listen({ host: '127.0.0.1', port: 0 });
  const created = await app.request({ method: 'POST', url: '/v1/banners', body: banner });
  const id = created.json().id as string;
  const before = await snapshotTables(app, ['banners']);
  for (const extra of [1, 2, 100, 64 * 1024]) {
    const { payload, headers } = multipartBody('image', 'logo.png', 'image/png', pngOfSize(LIMIT + extra));
    const fileStart = payload.indexOf(PNG_1X1);
    // Cut right where the file reaches 5 MiB, so the parser's last piece of the file is exactly the limit.
    const cut = fileStart + LIMIT;
    const split = (at: number) => [payload.subarray(0, at), payload.subarray(at)];
    const splits = [[payload], split(cut), split(cut - 1)];
    for (const pieces of splits) {
      const response = await upload(app, id, pieces, headers);
      const sizes = pieces.map((p) => p.length).join(' + ');
      t.equal(response.status, 413, `5 MiB + ${extra} bytes in ${pieces.length} piece(s) (${sizes})`);
    }
  }
  t.same(readdirSync(app.runtime.dataDir.uploads), [], 'no file was stored');
  t.same(await snapshotTables(app, ['banners']), before, 'the banner has no image');

  const { payload, headers } = multipartBody('image', 'logo.png', 'image/png', pngOfSize(LIMIT));
  const cut = payload.indexOf(PNG_1X1) + LIMIT;
  const exact = await upload(app, id, [payload.subarray(0, cut), payload.subarray(cut)], headers);
  t.equal(exact.status, 200, 'exactly 5 MiB is fine');
  const stored = readdirSync(app.runtime.dataDir.uploads);
  t.equal(stored.length, 1);
  const served = await app.runtime.app.inject({ method: 'GET', url: `/uploads/${stored[0]}` });
  t.equal(served.rawPayload.length, LIMIT, 'stored whole');
});
