import t from 'tap';
import { buildTestApp } from '../helpers/app.js';

const kitchen = { name: 'Kitchen', ip: '192.168.1.50' };

t.test('printers CRUD with defaults', async (t) => {
  const app = await buildTestApp(t);
  const created = await app.request({ method: 'POST', url: '/v1/printers', body: kitchen });
  t.equal(created.statusCode, 201);
  const printer = created.json();
  t.match(printer, {
    name: 'Kitchen',
    ip: '192.168.1.50',
    port: 9100,
    description: '',
    status: 'ONLINE',
    columns: 48,
    cashDrawer: false,
  });
  t.match(printer.id, /^c[0-9a-z]{24}$/);

  const list = await app.request({ method: 'GET', url: '/v1/printers', as: 'operator' });
  t.same(list.json(), [printer]);

  const replaced = await app.request({
    method: 'PUT',
    url: `/v1/printers/${printer.id}`,
    body: { name: 'Grill', ip: 'grill-printer.local', port: 9101, status: 'ERROR', columns: 32 },
  });
  t.equal(replaced.statusCode, 200);
  t.match(replaced.json(), { name: 'Grill', ip: 'grill-printer.local', port: 9101, status: 'ERROR', columns: 32 });
  await app.request({
    method: 'PUT',
    url: `/v1/printers/${printer.id}`,
    body: { name: 'Grill', ip: 'grill-printer.local', cashDrawer: true },
  });
  // A client that knows only the interface's fields does not reset the paper width and the drawer.
  const interfaceOnly = await app.request({
    method: 'PUT',
    url: `/v1/printers/${printer.id}`,
    body: { name: 'Grill 2', ip: '10.0.0.9', port: 9100, description: 'x' },
  });
  t.match(interfaceOnly.json(), { name: 'Grill 2', ip: '10.0.0.9', status: 'ERROR', columns: 32, cashDrawer: true });

  const patched = await app.request({
    method: 'PATCH',
    url: `/v1/printers/${printer.id}`,
    body: { status: 'OFFLINE' },
  });
  t.equal(patched.json().status, 'OFFLINE');

  const deleted = await app.request({ method: 'DELETE', url: `/v1/printers/${printer.id}` });
  t.equal(deleted.statusCode, 200);
  t.equal(deleted.json().id, printer.id);
  t.equal((await app.request({ method: 'GET', url: `/v1/printers/${printer.id}` })).statusCode, 404);
});

t.test('printer validation and errors', async (t) => {
  const app = await buildTestApp(t);
  const bad = [
    {},
    { name: 'x' },
    { name: '', ip: '10.0.0.1' },
    { name: 'x', ip: '999.1.1.1' },
    { name: 'x', ip: '10.0.0.1', port: 0 },
    { name: 'x', ip: '10.0.0.1', port: 70000 },
    { name: 'x', ip: '10.0.0.1', port: '9100' },
    { name: 'x', ip: '10.0.0.1', status: 'BROKEN' },
    { name: 'x', ip: '10.0.0.1', columns: 40 },
  ];
  for (const body of bad) {
    const response = await app.request({ method: 'POST', url: '/v1/printers', body });
    t.equal(response.statusCode, 400, JSON.stringify(body));
    t.match(response.json(), { statusCode: 400, error: 'Bad Request', message: String });
  }
  t.same((await app.request({ method: 'GET', url: '/v1/printers' })).json(), [], 'nothing was written');
  t.equal((await app.request({ method: 'GET', url: '/v1/printers/not-an-id' })).statusCode, 400);
  const missing = await app.request({ method: 'GET', url: '/v1/printers/c000000000000000000000000' });
  t.equal(missing.statusCode, 404);
  t.equal(missing.json().message, 'Printer not found');
  const patch = await app.request({
    method: 'PATCH',
    url: '/v1/printers/c000000000000000000000000',
    body: { status: 'BAD' },
  });
  t.equal(patch.statusCode, 400);
});

t.test('printer routes enforce roles', async (t) => {
  const app = await buildTestApp(t);
  const printerKey = await app.apiKey('printer');
  const displayKey = await app.apiKey('display');
  t.equal((await app.request({ method: 'GET', url: '/v1/printers', as: 'none' })).statusCode, 401);
  t.equal((await app.request({ method: 'GET', url: '/v1/printers', as: { bearer: 'garbage' } })).statusCode, 401);
  t.equal((await app.request({ method: 'GET', url: '/v1/printers', as: { key: printerKey } })).statusCode, 200);
  t.equal((await app.request({ method: 'GET', url: '/v1/printers', as: { key: displayKey } })).statusCode, 403);
  t.equal((await app.request({ method: 'POST', url: '/v1/printers', as: 'operator', body: kitchen })).statusCode, 403);
  const created = await app.request({ method: 'POST', url: '/v1/printers', body: kitchen });
  const id = created.json().id;
  const keyPatch = await app.request({
    method: 'PATCH',
    url: `/v1/printers/${id}`,
    as: { key: printerKey },
    body: { status: 'ERROR' },
  });
  t.equal(keyPatch.statusCode, 200);
  t.equal(
    (await app.request({ method: 'DELETE', url: `/v1/printers/${id}`, as: { key: printerKey } })).statusCode,
    403,
  );
});
