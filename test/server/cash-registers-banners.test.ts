import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { JPEG_1X1, multipartBody, PNG_1X1 } from '../helpers/multipart.js';
import { snapshotTables } from '../helpers/seed.js';

async function post(app: TestApp, url: string, body: unknown) {
  const response = await app.request({ method: 'POST', url, body });
  if (response.statusCode !== 201) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return response.json();
}

t.test('cash registers: defaults, include=printer, enabled filter, PATCH, PUT, DELETE with the record', async (t) => {
  const app = await buildTestApp(t);
  const till = await post(app, '/v1/printers', {
    name: 'Cassa printer',
    ip: '10.0.0.9',
    columns: 32,
    cashDrawer: true,
  });
  const one = await post(app, '/v1/cash-registers', { name: 'Cassa 1', defaultPrinterId: till.id });
  t.same(one, { id: one.id, name: 'Cassa 1', enabled: true, defaultPrinterId: till.id, categoryIds: null });
  const two = await post(app, '/v1/cash-registers', { name: 'Cassa 2', enabled: false, defaultPrinterId: till.id });
  const withPrinter = (
    await app.request({ method: 'GET', url: '/v1/cash-registers?include=printer', as: 'operator' })
  ).json();
  t.same(withPrinter[0].defaultPrinter, till);
  t.same(
    (await app.request({ method: 'GET', url: '/v1/cash-registers?enabled=true' }))
      .json()
      .map((r: { id: string }) => r.id),
    [one.id],
  );
  t.same(
    (await app.request({ method: 'GET', url: '/v1/cash-registers?enabled=false' }))
      .json()
      .map((r: { id: string }) => r.id),
    [two.id],
  );
  t.same(
    (await app.request({ method: 'GET', url: `/v1/cash-registers/${two.id}?include=printer` })).json().defaultPrinter,
    till,
  );
  t.equal(
    (await app.request({ method: 'PATCH', url: `/v1/cash-registers/${two.id}`, body: { enabled: true } })).json()
      .enabled,
    true,
  );
  t.equal((await app.request({ method: 'PATCH', url: `/v1/cash-registers/${two.id}`, body: {} })).statusCode, 400);
  const put = await app.request({
    method: 'PUT',
    url: `/v1/cash-registers/${two.id}`,
    body: { name: 'Bar', defaultPrinterId: till.id },
  });
  t.same(put.json(), { id: two.id, name: 'Bar', enabled: true, defaultPrinterId: till.id, categoryIds: null });
  const before = await snapshotTables(app, ['cash_registers']);
  t.equal(
    (await app.request({ method: 'POST', url: '/v1/cash-registers', body: { name: 'X' } })).statusCode,
    400,
    'defaultPrinterId is required',
  );
  t.equal(
    (
      await app.request({
        method: 'POST',
        url: '/v1/cash-registers',
        body: { name: 'X', defaultPrinterId: 'c000000000000000000000000' },
      })
    ).statusCode,
    400,
  );
  t.equal((await app.request({ method: 'GET', url: '/v1/cash-registers?include=drawer' })).statusCode, 400);
  t.same(await snapshotTables(app, ['cash_registers']), before);
  const deleted = await app.request({ method: 'DELETE', url: `/v1/cash-registers/${one.id}` });
  t.equal(deleted.statusCode, 200);
  t.same(deleted.json(), one);
  t.equal(
    (await app.request({ method: 'GET', url: `/v1/cash-registers/${one.id}` })).json().message,
    'Cash register not found',
  );
});

const banner = {
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
};

t.test('banners: create, list, replace, image upload by content, served, deleted with their file', async (t) => {
  const app = await buildTestApp(t);
  const created = await post(app, '/v1/banners', banner);
  t.same(created, { ...banner, id: created.id, color: 'FF8800', dateTime: '2026-11-21T18:00:00.000Z', image: null });
  const displayKey = await app.apiKey('display');
  t.equal(
    (await app.request({ method: 'GET', url: '/v1/banners', as: { key: displayKey } })).json().length,
    1,
    'display boards read banners',
  );

  const send = async (bytes: Buffer, field = 'image', type = 'image/png') => {
    const { payload, headers } = multipartBody(field, 'logo.png', type, bytes);
    return app.runtime.app.inject({
      method: 'PATCH',
      url: `/v1/banners/${created.id}/image`,
      payload,
      headers: { ...headers, host: 'pos.local:4300', authorization: `Bearer ${await app.token('admin')}` },
    });
  };
  // The stored images by name: files in the uploads folder on SQLite, rows of banner_images on PostgreSQL (where
  // every instance serves the same ones).
  const storedImages = async (): Promise<string[]> =>
    app.runtime.storage.engine === 'postgres'
      ? (await app.runtime.storage.read.selectFrom('banner_images').select('file').execute()).map((row) => row.file)
      : readdirSync(app.runtime.dataDir.uploads);
  const png = await send(PNG_1X1);
  t.equal(png.statusCode, 200);
  t.match(
    png.json().image,
    /^http:\/\/pos\.local:4300\/uploads\/c[0-9a-z]{24}-[0-9a-f]{12}\.png$/,
    'an absolute URL as the caller reached the server',
  );
  const served = await app.runtime.app.inject({ method: 'GET', url: new URL(png.json().image).pathname });
  t.equal(served.statusCode, 200);
  t.same(served.rawPayload, PNG_1X1);
  if (app.runtime.storage.engine !== 'postgres') {
    const file = join(app.runtime.dataDir.uploads, new URL(png.json().image).pathname.split('/').pop() as string);
    t.equal(statSync(file).mode & 0o777, 0o600, 'the stored image is private to the user running pos, as every file');
  }

  const jpeg = await send(JPEG_1X1, 'image', 'application/octet-stream');
  t.equal(jpeg.statusCode, 200, 'recognised by content, not by the declared type');
  t.match(jpeg.json().image, /\.jpg$/);
  t.same(await storedImages(), [new URL(jpeg.json().image).pathname.split('/').pop()], 'the replaced image is gone');

  const fake = await send(Buffer.from('<svg onload="alert(1)"></svg>'), 'image', 'image/png');
  t.equal(fake.statusCode, 400, 'a non-image named .png is refused');
  t.equal((await send(PNG_1X1, 'logo')).statusCode, 400, 'the field must be called image');
  t.equal((await send(Buffer.concat([PNG_1X1, Buffer.alloc(5 * 1024 * 1024)]))).statusCode, 413, 'at most 5 MiB');
  const json = await app.request({ method: 'PATCH', url: `/v1/banners/${created.id}/image`, body: { image: 'x' } });
  t.equal(json.statusCode, 415, 'JSON is not an upload');
  t.equal((await storedImages()).length, 1, 'rejected uploads leave no image');

  const replaced = await app.request({
    method: 'PUT',
    url: `/v1/banners/${created.id}`,
    body: { ...banner, title: 'Nuovo', active: false },
  });
  t.match(replaced.json(), { title: 'Nuovo', active: false, image: String }, 'PUT keeps the image');
  const [imageFile] = await storedImages();
  t.equal((await app.request({ method: 'DELETE', url: `/v1/banners/${created.id}` })).statusCode, 204);
  t.notOk((await storedImages()).includes(imageFile as string), 'deleting the banner removes its image');
  t.equal((await app.runtime.app.inject({ method: 'GET', url: `/uploads/${imageFile}` })).statusCode, 404);
  const missing = await app.request({ method: 'GET', url: `/v1/banners/${created.id}` });
  t.equal(missing.statusCode, 404);
  t.equal(missing.json().message, 'Banner not found');
  t.equal(
    (await app.runtime.app.inject({ method: 'GET', url: '/uploads/../pos.db' })).statusCode,
    404,
    'no way out of the uploads folder',
  );
});

t.test('banner validation', async (t) => {
  const app = await buildTestApp(t);
  const before = await snapshotTables(app, ['banners']);
  const cases: Array<[string, Record<string, unknown>]> = [
    ['type', { type: 'ADVERT' }],
    ['colour', { color: 'orange' }],
    ['colour length', { color: '#ff88' }],
    ['website scheme', { website: 'ftp://x.example' }],
    ['javascript website', { website: 'javascript:alert(1)' }],
    ['social url', { social1: 'javascript:alert(1)' }],
    ['social too long', { social2: 'x'.repeat(101) }],
    ['dateTime', { dateTime: 'tomorrow evening' }],
    ['active', { active: 'yes' }],
    ['missing title', { title: undefined }],
  ];
  for (const [name, change] of cases) {
    const response = await app.request({ method: 'POST', url: '/v1/banners', body: { ...banner, ...change } });
    t.equal(response.statusCode, 400, name);
    t.equal(response.json().error, 'Bad Request', name);
  }
  t.same(await snapshotTables(app, ['banners']), before);
  t.match(await post(app, '/v1/banners', { ...banner, color: 'abc', website: '' }), { color: 'abc', website: '' });
});
