import t from 'tap';
import { buildTestApp } from '../helpers/app.js';
import { everyOf } from '../helpers/assert.js';
import { createOrder } from '../helpers/orders.js';
import { seedMenu } from '../helpers/seed.js';

// The operators' view of the printer queue, without a worker: filters, order, limit, retry rules.

t.test('list filters by printer, status (repeatable) and order, newest first, with a limit; retry rules', async (t) => {
  const app = await buildTestApp(t);
  const menu = await seedMenu(app);
  const db = app.runtime.storage.db;
  const sale = {
    table: '1',
    customer: 'x',
    orderItems: [
      { foodId: menu.foods.margherita, quantity: 1 },
      { foodId: menu.foods.beer, quantity: 1 },
    ],
  };
  const first = await createOrder(app, { ...sale, confirm: { paymentMethod: 'CASH', cashRegisterId: menu.register } });
  const second = await createOrder(app, { ...sale, confirm: { paymentMethod: 'CARD', cashRegisterId: menu.register } });
  const list = async (query = '') => {
    const response = await app.request({ method: 'GET', url: `/v1/print-jobs${query}`, as: 'operator' });
    t.equal(response.statusCode, 200, query);
    return response.json() as Array<{
      id: number;
      status: string;
      printerId: string | null;
      orderId: number;
      kind: string;
      summary: string;
    }>;
  };
  const everything = await list();
  t.equal(everything.length, 6, 'kitchen, bar and receipt for each order');
  t.same(
    everything.map((job) => job.id),
    [...everything.map((job) => job.id)].sort((a, b) => b - a),
    'newest first',
  );
  everyOf(
    t,
    await list(`?orderId=${first.id}`),
    (job) => job.orderId === first.id,
    'only the jobs of the order asked for',
  );
  t.same(
    (await list(`?printerId=${menu.printers.bar}`)).map((job) => job.kind),
    ['kitchen', 'kitchen'],
  );
  t.equal((await list('?limit=2')).length, 2);
  t.match(
    (await list(`?printerId=${menu.printers.till}`))[0]!.summary,
    new RegExp(`ticket ${second.ticketNumber} .* receipt`),
  );

  const [newest, next] = everything;
  await db.updateTable('print_jobs').set({ status: 'printed' }).where('id', '=', newest!.id).execute();
  await db.updateTable('print_jobs').set({ status: 'failed', last_error: 'boom' }).where('id', '=', next!.id).execute();
  t.same(
    (await list('?status=printed&status=failed')).map((job) => job.id),
    [newest!.id, next!.id],
    'status repeats',
  );
  t.equal((await app.request({ method: 'GET', url: '/v1/print-jobs?status=lost', as: 'operator' })).statusCode, 400);

  const retried = await app.request({ method: 'POST', url: `/v1/print-jobs/${newest!.id}/retry`, as: 'operator' });
  t.equal(retried.statusCode, 200, 'a printed ticket can be printed again (no body needed)');
  t.match(retried.json(), { id: newest!.id, status: 'queued', lastError: null });
  const moved = await app.request({
    method: 'POST',
    url: `/v1/print-jobs/${next!.id}/retry`,
    as: 'operator',
    body: { printerId: menu.printers.kitchen },
  });
  t.match(
    moved.json(),
    { status: 'queued', printerId: menu.printers.kitchen, printerName: 'Kitchen' },
    'to another printer',
  );
  const unknown = await app.request({
    method: 'POST',
    url: `/v1/print-jobs/${next!.id}/retry`,
    as: 'operator',
    body: { printerId: 'c000000000000000000000000' },
  });
  t.equal(unknown.statusCode, 400);
  await db.updateTable('print_jobs').set({ status: 'printing' }).where('id', '=', next!.id).execute();
  t.equal(
    (await app.request({ method: 'POST', url: `/v1/print-jobs/${next!.id}/retry`, as: 'operator' })).statusCode,
    409,
    'not while it is being sent',
  );
  t.equal((await app.request({ method: 'POST', url: '/v1/print-jobs/999999/retry', as: 'operator' })).statusCode, 404);

  const test = await app.request({ method: 'POST', url: `/v1/printers/${menu.printers.bar}/test`, as: 'admin' });
  t.equal(test.statusCode, 201);
  t.match(test.json(), { kind: 'test', status: 'queued', printerId: menu.printers.bar, summary: 'test page · Bar' });
  t.equal(
    (await app.request({ method: 'POST', url: `/v1/printers/${menu.printers.bar}/test`, as: 'operator' })).statusCode,
    403,
  );
});
