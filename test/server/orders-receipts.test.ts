import t from 'tap';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { createOrder, pizzaOrder } from '../helpers/orders.js';
import { seedMenu } from '../helpers/seed.js';

// A confirmation or reprint that will print no receipt says so in its response, and the job list
// shows why no receipt came out.

async function printJobs(app: TestApp, orderId: number) {
  const response = await app.request({ method: 'GET', url: `/v1/print-jobs?orderId=${orderId}`, as: 'operator' });
  return response.json() as Array<{ kind: string; status: string; lastError: string | null; printerId: string | null }>;
}

t.test(
  'confirmed without a register: the response warns, the job list shows the receipt that could not print and why',
  async (t) => {
    const app = await buildTestApp(t);
    const menu = await seedMenu(app);

    const created = await app.request({
      method: 'POST',
      url: '/v1/orders',
      as: 'operator',
      body: pizzaOrder(menu, { confirm: { paymentMethod: 'CASH' } }),
    });
    t.equal(created.statusCode, 201);
    const body = created.json();
    t.same(body.warnings, [
      {
        code: 'no-receipt',
        reason: 'no-register',
        message:
          'No receipt printed: no cash register was chosen (no receipt, no cash drawer). Choose a register to print one.',
      },
    ]);
    const receipt = (await printJobs(app, body.id)).find((job) => job.kind === 'receipt');
    t.match(receipt, { status: 'unroutable', printerId: null, lastError: body.warnings[0].message });

    const pending = await createOrder(app, pizzaOrder(menu));
    t.same(
      (pending as unknown as { warnings: unknown[] }).warnings,
      [],
      'a pending order prints nothing yet: nothing to warn about',
    );
    const confirmed = await app.request({
      method: 'POST',
      url: `/v1/orders/${pending.id}/confirm`,
      as: 'operator',
      body: { paymentMethod: 'CARD' },
    });
    t.equal(confirmed.statusCode, 200);
    t.match(confirmed.json().warnings, [{ code: 'no-receipt', reason: 'no-register' }], 'POST /confirm says it too');

    const patched = await createOrder(app, pizzaOrder(menu));
    const moved = await app.request({
      method: 'PATCH',
      url: `/v1/orders/${patched.id}`,
      as: 'operator',
      body: { status: 'CONFIRMED' },
    });
    t.match(moved.json().warnings, [{ reason: 'no-register' }], 'and a PATCH that confirms');
    const again = await app.request({
      method: 'PATCH',
      url: `/v1/orders/${patched.id}`,
      as: 'operator',
      body: { status: 'COMPLETED' },
    });
    t.same(again.json().warnings, [], 'a status change that prints nothing warns of nothing');
  },
);

t.test(
  'with a register that has a printer: no warning; with one without a printer: the warning names it',
  async (t) => {
    const app = await buildTestApp(t);
    const menu = await seedMenu(app);
    const ok = await app.request({
      method: 'POST',
      url: '/v1/orders',
      as: 'operator',
      body: pizzaOrder(menu, { confirm: { paymentMethod: 'CASH', cashRegisterId: menu.register } }),
    });
    t.same(ok.json().warnings, []);
    t.match(await printJobs(app, ok.json().id), [{ kind: 'receipt', status: 'queued' }]);

    await app.runtime.storage.db
      .updateTable('cash_registers')
      .set({ default_printer_id: null })
      .where('id', '=', menu.register)
      .execute();
    const pending = await createOrder(app, pizzaOrder(menu));
    const confirmed = await app.request({
      method: 'POST',
      url: `/v1/orders/${pending.id}/confirm`,
      as: 'operator',
      body: { paymentMethod: 'CASH', cashRegisterId: menu.register },
    });
    t.same(confirmed.json().warnings, [
      {
        code: 'no-receipt',
        reason: 'register-without-printer',
        message: 'No receipt printed: cash register "Cassa 1" has no printer. Give it one, then retry the receipt job.',
      },
    ]);
    const receipt = (await printJobs(app, pending.id)).find((job) => job.kind === 'receipt');
    t.match(receipt, { status: 'unroutable', lastError: confirmed.json().warnings[0].message });

    const reprint = await app.request({
      method: 'POST',
      url: `/v1/orders/${pending.id}/reprint`,
      as: 'operator',
      body: {
        orderItems: [
          {
            id: (
              await app.runtime.storage.db
                .selectFrom('order_items')
                .select('id')
                .where('order_id', '=', pending.id)
                .executeTakeFirstOrThrow()
            ).id,
          },
        ],
        reprintReceipt: true,
      },
    });
    t.match(
      reprint.json().warnings,
      [{ reason: 'register-without-printer' }],
      'a reprint that asks for the receipt says so',
    );
  },
);

t.test(
  'with printing off the warnings are the same: a print service cannot print a receipt without a register either',
  async (t) => {
    const app = await buildTestApp(t, { config: { printing: 'off' } });
    const menu = await seedMenu(app);
    const created = await app.request({
      method: 'POST',
      url: '/v1/orders',
      as: 'operator',
      body: pizzaOrder(menu, { confirm: { paymentMethod: 'CASH' } }),
    });
    t.match(created.json().warnings, [{ reason: 'no-register' }]);
    t.same(await printJobs(app, created.json().id), [], 'and no job is queued');
  },
);
