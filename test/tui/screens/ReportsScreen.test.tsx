import t from 'tap';
import { PosClient } from '../../../src/client/http.js';
import { ReportsScreen } from '../../../src/tui/screens/ReportsScreen.js';
import { lines, order, stockMenu } from '../../helpers/stock.js';
import { serve, show } from './harness.js';

// 19:00 in Rome: the screen says "today" of an evening that has not yet passed midnight, whatever the real hour.
const EVENING = { start: '2026-11-27T18:00:00.000Z' };

t.test(
  'Reports: today hour by hour as bars, the top foods, each register, this evening beside the previous one',
  async (t) => {
    const { app, client } = await serve(t, EVENING);
    const menu = await stockMenu(app);
    await order(app, lines([menu.panino, 2], [menu.birra, 1]));
    await order(app, lines([menu.birra, 3]));
    app.clock.advance(60_000); // the reports end at the server's "now": a minute on, the sales are in them
    const { shows } = show(t, <ReportsScreen client={client} width={100} height={20} active onCapture={() => {}} />);
    const text = await shows('the figures', (s) => s.includes('Today since 07:00: 2 orders'));
    t.match(text, /Takings hour by hour/);
    t.match(text, /\d\d {2}█+ +\d+\.\d\d/, 'a bar for the hour that sold');
    t.match(text, /Top foods[\s\S]*4 × Birra[\s\S]*2 × Panino/, 'the most sold first');
    t.match(text, /This evening \d+\.\d\d · the previous one 0\.00/);
    t.match(text, /r read again {2}1-8 screens {2}q quit/);
  },
);

t.test('Reports: after midnight the evening that began at 07:00 is said to have begun yesterday', async (t) => {
  // 23:30 in Rome: the sale; then half past midnight, the same business day on the next calendar day.
  const { app } = await serve(t, { start: '2026-11-27T22:30:00.000Z' });
  const token = await app.token('admin', 86400); // the console stays logged in past midnight
  const { port } = app.runtime.app.server.address() as { port: number };
  const client = new PosClient({ baseUrl: `http://127.0.0.1:${port}`, token: () => token });
  const menu = await stockMenu(app);
  await order(app, lines([menu.birra, 1]));
  app.clock.advance(60_000);
  const evening = show(t, <ReportsScreen client={client} width={100} height={20} active onCapture={() => {}} />);
  await evening.shows('the evening before midnight', (s) => s.includes('Today since 07:00: 1 order ·'));
  evening.instance.unmount();
  app.clock.advance(3_600_000);
  const { shows } = show(
    t,
    <ReportsScreen client={client} width={100} height={20} active onCapture={() => {}} />,
    'it',
  );
  const text = await shows('the same evening after midnight', (s) => s.includes('Da ieri alle 07:00: 1 ordine ·'));
  t.notMatch(text, /Oggi/, 'not "today"');
});

t.test('Reports: a business day that starts at 06:30 is said to start at 06:30, not 06:00', async (t) => {
  const { app, client } = await serve(t, { ...EVENING, dayStart: '06:30' });
  const menu = await stockMenu(app);
  await order(app, lines([menu.birra, 1]));
  app.clock.advance(60_000);
  const { shows } = show(t, <ReportsScreen client={client} width={100} height={20} active onCapture={() => {}} />);
  await shows('the title', (s) => s.includes('Today since 06:30: 1 order ·'));
  t.pass('the minutes of the start');
});

t.test("Reports: a refund today of yesterday's sale at no register shows as a negative line", async (t) => {
  const { app } = await serve(t, EVENING);
  // A day on, the harness's token (an hour) has expired: a console that stays logged in for the two evenings.
  const token = await app.token('admin', 3 * 86400);
  const { port } = app.runtime.app.server.address() as { port: number };
  const client = new PosClient({ baseUrl: `http://127.0.0.1:${port}`, token: () => token });
  const menu = await stockMenu(app);
  const sold = (await order(app, lines([menu.panino, 1]))).json(); // 6.00, confirmed at no register
  app.clock.advance(24 * 3_600_000);
  // Today's one sale at Cassa 1, so the evening has a report.
  const printer = await client.create('/v1/printers', { name: 'Cassa', ip: '127.0.0.1', port: 9 });
  const register = await client.create('/v1/cash-registers', { name: 'Cassa 1', defaultPrinterId: printer.id });
  const beer = await order(app, lines([menu.birra, 1]), { paymentMethod: 'CASH', cashRegisterId: register.id });
  t.equal(beer.statusCode, 201, beer.body);
  const detail = (await app.request({ method: 'GET', url: `/v1/orders/${sold.id}` })).json();
  const [line] = detail.categorizedItems.flatMap((group: { items: Array<{ id: string }> }) => group.items);
  const refunded = await app.request({
    method: 'POST',
    url: `/v1/orders/${sold.id}/refunds`,
    body: { items: [{ id: line.id, quantity: 1 }], reason: 'fredda' },
  });
  t.equal(refunded.statusCode, 201, refunded.body);
  app.clock.advance(60_000);
  const { shows } = show(t, <ReportsScreen client={client} width={100} height={24} active onCapture={() => {}} />);
  const text = await shows('the figures', (s) => s.includes('By register'));
  t.match(text, /Cassa 1 +6\.00/);
  t.match(text, /no register +-6\.00/, 'the line that makes the registers add up to 0.00');
  t.match(text, /Today since \d\d:00: 1 order · /, 'one order, not "1 orders"');
});

t.test('Reports on a terminal under 80 columns: the hours above, the foods and the registers below', async (t) => {
  const { app, client } = await serve(t, EVENING);
  const menu = await stockMenu(app);
  const printer = await client.create('/v1/printers', { name: 'Cassa', ip: '127.0.0.1', port: 9 });
  const register = await client.create('/v1/cash-registers', { name: 'Cassa 1', defaultPrinterId: printer.id });
  await order(app, lines([menu.panino, 2], [menu.birra, 1]), { paymentMethod: 'CASH', cashRegisterId: register.id });
  app.clock.advance(60_000);
  const { shows } = show(t, <ReportsScreen client={client} width={60} height={20} active onCapture={() => {}} />);
  const text = await shows('the figures', (s) => s.includes('By register'));
  t.match(text, /Takings hour by hour\n\d\d +█+ +18\.00\n/, 'the bar of the hour that sold, on its own line');
  t.match(text, /Top foods\n +2 × Panino con porchetta +12\.00\n +1 × Birra +6\.00\n/);
  t.match(text, /By register\n +Cassa 1 +18\.00\n/);
  t.ok(
    text.split('\n').every((line) => line.length <= 60),
    `every line within 60 columns:\n${text}`,
  );
});
