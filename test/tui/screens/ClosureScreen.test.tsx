import t from 'tap';
import { ClosureScreen } from '../../../src/tui/screens/ClosureScreen.js';
import { lines, order, stockMenu } from '../../helpers/stock.js';
import { serve, show } from './harness.js';

t.test('Closure: the figures first; p asks, n keeps it, y runs it at the chosen register', async (t) => {
  const { app, client } = await serve(t);
  const menu = await stockMenu(app);
  const printer = await client.create('/v1/printers', { name: 'Cassa', ip: '127.0.0.1', port: 9 });
  await client.create('/v1/cash-registers', { name: 'Cassa 1', defaultPrinterId: printer.id });
  await order(app, lines([menu.panino, 2]));
  app.clock.advance(60_000); // the reports end at the server's "now": a minute on, the sale is in them
  const captured: boolean[] = [];
  const { type, shows } = show(
    t,
    <ClosureScreen client={client} width={80} height={20} active onCapture={(on) => captured.push(on)} />,
    'it',
  );
  let text = await shows('the figures', (s) => s.includes('1 ordini') || s.includes('1 ordine'));
  t.match(text, /Chiusura della serata/);
  t.match(text, /Stampata su Cassa 1/);
  await type('p');
  await shows('the question', (s) => s.includes('Eseguire la chiusura e stamparla su Cassa 1? s sì, n no'));
  await type('n');
  await shows('no question', (s) => !s.includes('Eseguire la chiusura'));
  await type('p');
  await shows('the question again', (s) => s.includes('Eseguire la chiusura'));
  await type('s');
  text = await shows('done', (s) => s.includes('chiusura eseguita e inviata alla stampante di Cassa 1'));
  t.same(captured, [true, false, true, false], 'the question took the keys, and gave them back');
  const jobs = await client.printJobs({ status: ['queued', 'printing'] });
  t.ok(
    jobs.some((job) => job.printerId === printer.id && /closure/i.test(job.summary)),
    `the closure waits for the register's printer: ${JSON.stringify(jobs)}`,
  );
});

t.test('Closure: the lines add up as on paper (no payment method, no register, discounts, refunds)', async (t) => {
  const { app, client } = await serve(t);
  const menu = await stockMenu(app);
  const printer = await client.create('/v1/printers', { name: 'Cassa', ip: '127.0.0.1', port: 9 });
  const register = await client.create('/v1/cash-registers', { name: 'Cassa 1', defaultPrinterId: printer.id });
  // 12.00 less 1.00 at Cassa 1 in cash; 6.00 confirmed by a status change (no method, no register), 6.00 of it back.
  const paid = await order(app, lines([menu.panino, 2]), {
    paymentMethod: 'CASH',
    cashRegisterId: register.id,
    discount: 1,
  });
  t.equal(paid.statusCode, 201, paid.body);
  const pending = (await order(app, lines([menu.panino, 1]), false)).json();
  const confirmed = await app.request({
    method: 'PATCH',
    url: `/v1/orders/${pending.id}`,
    body: { status: 'CONFIRMED' },
  });
  t.equal(confirmed.statusCode, 200, confirmed.body);
  const detail = (await app.request({ method: 'GET', url: `/v1/orders/${paid.json().id}` })).json();
  const [line] = detail.categorizedItems.flatMap((group: { items: Array<{ id: string }> }) => group.items);
  const refunded = await app.request({
    method: 'POST',
    url: `/v1/orders/${paid.json().id}/refunds`,
    body: { items: [{ id: line.id, quantity: 1 }], reason: 'fredda', amount: 5, cashRegisterId: register.id },
  });
  t.equal(refunded.statusCode, 201, refunded.body);
  app.clock.advance(60_000);
  const { shows } = show(t, <ClosureScreen client={client} width={80} height={24} active onCapture={() => {}} />);
  const text = await shows('the figures', (s) => s.includes('2 orders'));
  // 18.00 sold, less 1.00 of discount and 5.00 refunded: 12.00, of which 6.00 in cash and 6.00 with no method.
  t.match(text, /2 orders · 12[.,]00 \(cash 6[.,]00 · card 0[.,]00\)/);
  t.match(text, /No payment method +6[.,]00/);
  t.match(text, /Cassa 1 +6[.,]00 {2}\(6[.,]00 \+ 0[.,]00\)/);
  t.match(text, /No register +6[.,]00 {2}\(0[.,]00 \+ 0[.,]00\)/);
  t.match(text, /Panini × 3 +18[.,]00/);
  t.match(text, /Discounts +-1[.,]00/);
  t.match(text, /Refunds +-5[.,]00/);
});
