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
  let text = await shows('the figures', (s) => s.includes('1 ordine · 12,00'));
  t.match(text, /Chiusura della serata/);
  t.match(text, /Si stampa su Cassa 1/);
  await type('p');
  await shows('the question', (s) => s.includes('Eseguire la chiusura e stamparla su Cassa 1? s sì, n no'));
  await type('n');
  await shows('no question', (s) => !s.includes('Eseguire la chiusura'));
  await type('p');
  await shows('the question again', (s) => s.includes('Eseguire la chiusura'));
  await type('s');
  text = await shows('done', (s) => s.includes('chiusura eseguita: 12,00, inviata alla stampante di Cassa 1'));
  t.same(captured, [true, false, true, false], 'the question took the keys, and gave them back');
  const jobs = await client.printJobs({ status: ['queued', 'printing'] });
  t.ok(
    jobs.some((job) => job.printerId === printer.id && /closure/i.test(job.summary)),
    `the closure waits for the register's printer: ${JSON.stringify(jobs)}`,
  );
});

t.test('Closure: run with its printer off, it says the ticket waits for the printer', async (t) => {
  const { app, client } = await serve(t);
  const menu = await stockMenu(app);
  const printer = await client.create('/v1/printers', { name: 'Stampante cassa', ip: '127.0.0.1', port: 9 });
  await client.create('/v1/cash-registers', { name: 'Cassa 1', defaultPrinterId: printer.id });
  await client.patch('/v1/printers', printer.id, { status: 'OFFLINE' });
  await order(app, lines([menu.panino, 1]));
  app.clock.advance(60_000);
  const { type, shows } = show(
    t,
    <ClosureScreen client={client} width={80} height={20} active onCapture={() => {}} />,
    'it',
  );
  await shows('the figures', (s) => s.includes('1 ordine · 6,00'));
  await type('p');
  await shows('the question', (s) => s.includes('Eseguire la chiusura'));
  await type('s');
  const text = await shows('done', (s) => s.includes('chiusura eseguita: 6,00'));
  t.match(text, /chiusura eseguita: 6,00; Stampante cassa è SPENTA: stampa quando torna/);
  t.notMatch(text, /inviata alla stampante/, 'not "sent to the printer" while it is off');
});

t.test('Closure: the drawers of the evening, counted or still open, under the figures', async (t) => {
  const { app, client } = await serve(t);
  const menu = await stockMenu(app);
  const printer = await client.create('/v1/printers', { name: 'Cassa', ip: '127.0.0.1', port: 9 });
  const till = await client.create('/v1/cash-registers', { name: 'Cassa 1', defaultPrinterId: printer.id });
  const bar = await client.create('/v1/cash-registers', { name: 'Bar', defaultPrinterId: printer.id });
  await client.openCashSession(bar.id, { float: 5000 });
  await order(app, lines([menu.birra, 1]), { paymentMethod: 'CASH', cashRegisterId: bar.id });
  await client.closeCashSession(bar.id, { counted: 5500 });
  await client.openCashSession(till.id, { float: 10000 });
  await order(app, lines([menu.panino, 2]), { paymentMethod: 'CASH', cashRegisterId: till.id });
  app.clock.advance(60_000);
  const { shows } = show(t, <ClosureScreen client={client} width={80} height={30} active onCapture={() => {}} />);
  const text = await shows('the drawers', (s) => s.includes('Drawers (the cash each should hold)'));
  t.match(text, /Bar · test-admin +56[.,]00 {2}counted 55[.,]00 · difference -1[.,]00/, 'the bar counted one short');
  t.match(text, /Cassa 1 · test-admin +112[.,]00 {2}still open: count it on screen 4/, 'the till not counted yet');
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
  // Two ways to the takings, each under its heading and to its total.
  t.match(
    text,
    /By register\n +Cassa 1 +6[.,]00 {2}cash 6[.,]00 · card 0[.,]00\n +No register +6[.,]00 {2}cash 0[.,]00 · card 0[.,]00\n += takings +12[.,]00\n/,
  );
  t.match(
    text,
    /By category, before discounts\n +3 × Panini +18[.,]00\n +Discounts +-1[.,]00\n +Refunds +-5[.,]00\n += takings +12[.,]00/,
  );
});

t.test('Closure: one column of amounts; lines the screen cannot hold are counted and reached with ↑↓', async (t) => {
  const { app, client } = await serve(t);
  const printer = await client.create('/v1/printers', { name: 'Cassa', ip: '127.0.0.1', port: 9 });
  const bar = await client.create('/v1/cash-registers', {
    name: 'Bar dei ragazzi della Pro Loco',
    defaultPrinterId: printer.id,
  });
  const till = await client.create('/v1/cash-registers', { name: 'Cassa 1', defaultPrinterId: printer.id });
  // Eight categories of one food each (6,00): with the two registers, two headings and two totals, fourteen lines for
  // a screen that holds nine. The report lists the categories by name: Bevande … Contorni first, Dolci … Vini below.
  const foods: string[] = [];
  for (const name of ['Primi', 'Secondi', 'Contorni', 'Panini', 'Dolci', 'Bevande', 'Vini', 'Caffetteria']) {
    const category = await client.create('/v1/categories', { name });
    foods.push(
      (
        await client.create('/v1/foods', {
          name: `Piatto ${name}`,
          price: 600,
          categoryId: category.id,
          available: true,
        })
      ).id,
    );
  }
  const sold = await order(app, lines(...foods.map((food): [string, number] => [food, 20])), {
    paymentMethod: 'CASH',
    cashRegisterId: bar.id,
  });
  t.equal(sold.statusCode, 201, sold.body);
  t.equal(
    (await order(app, lines([foods[0] as string, 1]), { paymentMethod: 'CARD', cashRegisterId: till.id })).statusCode,
    201,
  );
  app.clock.advance(60_000);
  const { type, shows } = show(
    t,
    <ClosureScreen client={client} width={80} height={16} active onCapture={() => {}} />,
    'it',
  );
  let text = await shows('the figures', (s) => s.includes('2 ordini'));
  t.match(text, /Pro Loco +960,00 {2}contanti 960,00 · carta 0,00/);
  t.match(text, /Cassa 1 +6,00 {2}contanti 0,00 · carta 6,00/);
  t.match(text, /20 × Bevande +120,00/);
  // Where an amount ends on the screen's line that names `name`: one column for them all.
  const amountEnd = (name: string, amount: string) => {
    const row = text.split('\n').find((line) => line.includes(name)) ?? '';
    return row.indexOf(` ${amount}`, row.indexOf(name) + name.length) + 1 + amount.length;
  };
  t.equal(amountEnd('Cassa 1', '6,00'), amountEnd('Pro Loco', '960,00'), `the registers' amounts line up:\n${text}`);
  t.equal(amountEnd('Bevande', '120,00'), amountEnd('Pro Loco', '960,00'), `and the categories' with them:\n${text}`);
  t.match(text, /0 righe sopra, 6 sotto: ↑↓ per leggerle/);
  t.notMatch(text, /Vini/);
  for (let line = 0; line < 7; line++) await type('\u001b[B');
  text = await shows('the last lines', (s) => s.includes('20 × Vini'));
  t.match(text, /21 × Primi +126,00/);
  t.match(text, /= incasso +966,00\n/, 'the categories come to the takings');
  t.match(text, /6 righe sopra, 0 sotto/, 'down goes no further than the last line');
  t.notMatch(text, /Pro Loco +960,00/);
  await type('\u001b[A');
  await shows('one line back up', (s) => s.includes('5 righe sopra, 1 sotto') && s.includes('20 × Bevande'));
});
