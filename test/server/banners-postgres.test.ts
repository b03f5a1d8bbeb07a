import { readdirSync } from 'node:fs';
import t from 'tap';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { JPEG_1X1, multipartBody, PNG_1X1 } from '../helpers/multipart.js';
import { createTestDatabase, POSTGRES_MISSING, postgresInstalled } from '../helpers/pg-cluster.js';

// On PostgreSQL banner images live in the database: a banner given its image through one server shows the same
// image through every server on the database, and nothing is written to a data dir.

if (!postgresInstalled()) {
  t.plan(0, POSTGRES_MISSING);
} else {
  t.test('an image uploaded through one server is served by the other; replaced and deleted alike', async (t) => {
    const databaseUrl = await createTestDatabase();
    const a = await buildTestApp(t, { config: { databaseUrl } });
    const b = await buildTestApp(t, { config: { databaseUrl } });
    const created = (
      await a.request({
        method: 'POST',
        url: '/v1/banners',
        body: {
          name: 'Pro Loco',
          type: 'SPONSOR',
          title: 'Pro Loco di Borgo',
          description: 'Grazie!',
          website: 'https://proloco.example',
          social1: '@proloco',
          social2: 'ProLocoBorgo',
          color: '#FF8800',
          dateTime: '2026-11-21T19:00:00+01:00',
          active: true,
        },
      })
    ).json() as { id: string };
    const upload = async (app: TestApp, bytes: Buffer) => {
      const { payload, headers } = multipartBody('image', 'logo', 'image/png', bytes);
      const response = await app.runtime.app.inject({
        method: 'PATCH',
        url: `/v1/banners/${created.id}/image`,
        payload,
        headers: { ...headers, authorization: `Bearer ${await app.token('admin')}` },
      });
      t.equal(response.statusCode, 200, response.body);
      return new URL(response.json().image).pathname;
    };
    const get = (app: TestApp, path: string) => app.runtime.app.inject({ method: 'GET', url: path });

    const png = await upload(a, PNG_1X1);
    const served = await get(b, png);
    t.equal(served.statusCode, 200);
    t.same(served.rawPayload, PNG_1X1, 'the same bytes through the other server');
    t.equal(served.headers['content-type'], 'image/png');
    t.equal(served.headers['x-content-type-options'], 'nosniff');
    t.match(served.headers['content-security-policy'], /sandbox/);
    t.same(readdirSync(a.runtime.dataDir.uploads), [], 'nothing in the data dir');

    const jpeg = await upload(b, JPEG_1X1);
    t.equal((await get(a, jpeg)).headers['content-type'], 'image/jpeg');
    t.equal((await get(a, png)).statusCode, 404, 'the replaced image is gone');
    t.equal((await get(a, '/uploads/..%2Fsecret.key')).statusCode, 404);

    t.equal((await b.request({ method: 'DELETE', url: `/v1/banners/${created.id}` })).statusCode, 204);
    t.equal((await get(a, jpeg)).statusCode, 404, "a deleted banner's image is gone");
  });
}
