import t from 'tap';
import { buildTestApp } from '../helpers/app.js';
import { createOrder } from '../helpers/orders.js';
import { seedMenu } from '../helpers/seed.js';

// Per printer, `kitchenTickets: false` stops kitchen tickets where a station works from a screen; the station still
// gets its orders on the screen, and the printer still prints what is not a kitchen ticket (the receipt).

t.test('kitchenTickets: on by default, kept by a PUT that leaves it out, shown on the printer', async (t) => {
  const app = await buildTestApp(t);
  const created = await app.request({
    method: 'POST',
    url: '/v1/printers',
    body: { name: 'Griglia', ip: '192.168.1.60' },
  });
  t.equal(created.statusCode, 201);
  t.match(created.json(), { kitchenTickets: true });
  const id = created.json().id as string;
  const off = await app.request({
    method: 'PUT',
    url: `/v1/printers/${id}`,
    body: { name: 'Griglia', ip: '192.168.1.60', kitchenTickets: false },
  });
  t.match(off.json(), { kitchenTickets: false });
  const interfaceOnly = await app.request({
    method: 'PUT',
    url: `/v1/printers/${id}`,
    body: { name: 'Griglia', ip: '192.168.1.61', port: 9100, description: '' },
  });
  t.match(
    interfaceOnly.json(),
    { ip: '192.168.1.61', kitchenTickets: false },
    'a client of the interface does not switch it back on',
  );
  t.match((await app.request({ method: 'GET', url: `/v1/printers/${id}`, as: 'operator' })).json(), {
    kitchenTickets: false,
  });
  const bad = await app.request({
    method: 'PUT',
    url: `/v1/printers/${id}`,
    body: { name: 'Griglia', ip: '192.168.1.61', kitchenTickets: 'no' },
  });
  t.equal(bad.statusCode, 400);
  t.match(
    (await app.request({ method: 'GET', url: `/v1/printers/${id}`, as: 'operator' })).json(),
    { ip: '192.168.1.61', kitchenTickets: false },
    'and a bad one changes nothing',
  );
  const created2 = await app.request({
    method: 'POST',
    url: '/v1/printers',
    body: { name: 'Bar 2', ip: '192.168.1.62', kitchenTickets: false },
  });
  t.match(created2.json(), { kitchenTickets: false });
});

t.test('a station with kitchen tickets off gets its orders on the screen only; the receipt still prints', async (t) => {
  const app = await buildTestApp(t);
  const menu = await seedMenu(app);
  for (const [id, name] of [
    [menu.printers.kitchen, 'Kitchen'],
    [menu.printers.till, 'Till'],
  ] as const) {
    const response = await app.request({
      method: 'PUT',
      url: `/v1/printers/${id}`,
      body: { name, ip: '127.0.0.1', port: 9, kitchenTickets: false },
    });
    t.equal(response.statusCode, 200);
  }
  const order = await createOrder(app, {
    table: '3',
    customer: 'Verdi',
    orderItems: [
      { foodId: menu.foods.margherita, quantity: 1 },
      { foodId: menu.foods.beer, quantity: 2 },
    ],
    confirm: { paymentMethod: 'CASH', cashRegisterId: menu.register },
  });
  const jobs = async () =>
    (
      await app.runtime.storage.db
        .selectFrom('print_jobs')
        .select(['printer_id', 'kind'])
        .where('order_id', '=', order.id)
        .orderBy('id')
        .execute()
    ).map(
      (job) =>
        `${job.kind}@${job.printer_id === menu.printers.bar ? 'Bar' : job.printer_id === menu.printers.till ? 'Till' : job.printer_id === menu.printers.kitchen ? 'Kitchen' : job.printer_id}`,
    );
  t.same(
    await jobs(),
    ['kitchen@Bar', 'receipt@Till'],
    'no kitchen ticket for the kitchen; the bar’s ticket and the receipt print',
  );
  const kitchen = await app.request({
    method: 'GET',
    url: `/v1/stations/${menu.printers.kitchen}/orders`,
    as: 'operator',
  });
  t.same(
    kitchen.json().map((o: any) => o.id),
    [order.id],
    'the kitchen has it on its screen',
  );

  const items = await app.runtime.storage.db
    .selectFrom('order_items')
    .select('id')
    .where('order_id', '=', order.id)
    .execute();
  const reprint = await app.request({
    method: 'POST',
    url: `/v1/orders/${order.id}/reprint`,
    as: 'operator',
    body: { orderItems: items, reprintReceipt: false },
  });
  t.equal(reprint.statusCode, 200);
  t.same(
    await jobs(),
    ['kitchen@Bar', 'receipt@Till', 'reprint-kitchen@Bar'],
    'a reprint of the kitchen items prints only where tickets are on',
  );
});
