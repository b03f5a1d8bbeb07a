import '../../helpers/force-color.js';
import { render } from 'ink-testing-library';
import t from 'tap';
import { FoodPicker } from '../../../src/tui/components/FoodPicker.js';
import { Footer } from '../../../src/tui/components/Footer.js';
import { Header } from '../../../src/tui/components/Header.js';
import { beganYesterday } from '../../../src/tui/venue-day.js';
import { DashboardLocale } from '../../../src/tui/texts.js';
import { OrderColumn } from '../../../src/tui/components/OrderColumn.js';
import { PrintersPanel } from '../../../src/tui/components/PrintersPanel.js';
import { initialState, type OrderCard } from '../../../src/tui/state.js';
import { food } from '../fixtures.js';

const NOW = Date.parse('2026-11-21T19:00:00.000Z');
const card = (id: number, minutes: number): OrderCard => ({
  id,
  ticketNumber: id,
  displayCode: `K${id}P`,
  table: `T${id}`,
  customer: `Cliente ${id}`,
  stage: 'kitchen',
  confirmedAt: NOW - minutes * 60_000,
  completedAt: null,
  total: 750,
  stations: [],
});

/** The frame as text (colours are forced on for the colour checks, and taken off here). */
function frameOf(element: React.ReactElement): string {
  const instance = render(element);
  const text = instance.lastFrame() ?? '';
  instance.unmount();
  return text.replace(/\u001b\[[0-9;]*m/g, '');
}

t.test(
  'Header: figures, the connection, the venue clock; one line at 80 columns however big the takings',
  async (t) => {
    const wide = frameOf(
      <Header
        connection="live"
        figures={{ orders: 3, revenue: 2250, cash: 1000, card: 1250 }}
        now={NOW}
        width={120}
        timezone="Europe/Rome"
      />,
    );
    t.match(
      wide,
      /pos live orders 20:00\s+today 3 orders · 22\.50 \(cash 10\.00 · card 12\.50\)\s+live/,
      'venue time (19:00 UTC is 20:00 in Rome)',
    );
    t.match(frameOf(<Header connection="offline" figures={null} now={NOW} width={80} />), /today –\s+OFFLINE/);
    const big = { orders: 1433, revenue: 1431650, cash: 1257800, card: 173850 }; // cents
    for (const connection of ['live', 'offline', 'connecting'] as const) {
      const narrow = frameOf(
        <Header connection={connection} figures={big} now={NOW} width={80} timezone="Europe/Rome" />,
      );
      t.equal(narrow.split('\n').length, 1, `${connection}: one line`);
      t.ok(narrow.length <= 80, `${connection}: at most 80 columns (${narrow.length})`);
      t.match(narrow, /^pos 20:00 /, `${connection}: the clock is whole`);
      t.match(narrow, /card 1738\.50\) /, `${connection}: the figures give way from the start`);
    }
    const afterMidnight = frameOf(
      <DashboardLocale.Provider value="it">
        <Header
          connection="live"
          figures={{ ...big, sinceYesterday: true }}
          now={NOW}
          width={120}
          timezone="Europe/Rome"
        />
      </DashboardLocale.Provider>,
    );
    t.match(afterMidnight, /da ieri 1433 ordini · 14316,50/, 'after midnight the evening began yesterday, not today');
    t.notMatch(afterMidnight, /oggi/);
  },
);

t.test("beganYesterday: by the end of the day's report, in the venue's time zone", async (t) => {
  const from = '2026-11-27T06:00:00.000Z'; // 07:00 in Rome
  const report = (minutes: number) => ({ timestamp: from, intervalInMinutes: minutes });
  t.notOk(beganYesterday(from, report(16 * 60 + 59), 'Europe/Rome'), '23:59 in Rome: today');
  t.ok(beganYesterday(from, report(17 * 60 + 1), 'Europe/Rome'), '00:01 in Rome: since yesterday');
  t.notOk(beganYesterday(from, report(17 * 60 + 1), 'UTC'), '23:01 in a venue on UTC: still today');
  t.notOk(beganYesterday(from, null, 'Europe/Rome'), 'no report yet: today');
});

t.test('OrderColumn: an order waiting longer than the limit is red and bold', async (t) => {
  const instance = render(
    <OrderColumn
      title="In the kitchen"
      stage="kitchen"
      orders={[card(1, 30), card(2, 3)]}
      width={30}
      height={4}
      selectedId={null}
      active={false}
      now={NOW}
      lateMinutes={15}
    />,
  );
  const text = instance.lastFrame() ?? '';
  instance.unmount();
  const lineOf = (code: string) => text.split('\n').find((line) => line.includes(code)) ?? '';
  t.match(lineOf('K1P'), /\u001b\[31m/, '30 minutes: red');
  t.match(lineOf('K1P'), /\u001b\[1m/, 'and bold');
  t.notMatch(lineOf('K2P'), /\u001b\[31m/, '3 minutes: plain');
});

t.test('OrderColumn: count, lines, minutes waited, overflow', async (t) => {
  const orders = [card(1, 30), card(2, 3), card(3, 1), card(4, 0)];
  const text = frameOf(
    <OrderColumn
      title="In the kitchen"
      stage="kitchen"
      orders={orders}
      width={30}
      height={4}
      selectedId={1}
      active
      now={NOW}
      lateMinutes={15}
    />,
  );
  t.match(text, /In the kitchen \(4\)/);
  t.match(text, /#1 K1P T1 Cliente 1\s+30m/, 'named as the TV names it');
  t.match(text, /#2 K2P T2 Cliente 2\s+3m/);
  t.match(text, /\+2 more/, 'what does not fit is counted');
  const narrow = frameOf(
    <OrderColumn
      title="Pending"
      stage="pending"
      orders={[{ ...card(5, 0), ticketNumber: null, customer: 'Una famiglia numerosa' }]}
      width={18}
      height={3}
      selectedId={null}
      active={false}
      now={NOW}
      lateMinutes={15}
    />,
  );
  t.match(narrow, /- K5P T5 Una…/, 'long names are cut to the column');
});

t.test('PrintersPanel: status and tickets waiting', async (t) => {
  t.match(
    frameOf(
      <PrintersPanel
        printers={[
          { id: 'a', name: 'Cucina', status: 'ONLINE', statusReason: null, held: 0 },
          { id: 'b', name: 'Bar', status: 'OFFLINE', statusReason: null, held: 4 },
        ]}
      />,
    ),
    /Cucina ONLINE · Bar OFFLINE \(4 waiting\)/,
  );
  t.match(frameOf(<PrintersPanel printers={[]} />), /printers: none set up/);
});

t.test('FoodPicker: sold out marks and the cursor row', async (t) => {
  const text = frameOf(
    <FoodPicker
      foods={[food('a', 'Birra', 'Bevande'), food('b', 'Tiramisù', 'Dolci', { available: false })]}
      cursor={1}
      width={60}
      height={5}
    />,
  );
  // A ticked box reads "yes, on sale": the tick goes with available, never with sold out.
  t.match(text, /\[x\] available {2}Bevande · Birra/);
  t.match(text, /\[ \] SOLD OUT {3}Dolci · Tiramisù/);
  t.notMatch(text, /\[x\] SOLD OUT/);
});

t.test(
  'Footer: every key on the board, whole at 80 columns; the search line while finding; the payment question',
  async (t) => {
    t.match(frameOf(<Footer state={initialState()} width={120} />), /n next stage {2}b back {2}i\/Enter items/);
    const narrow = frameOf(<Footer state={initialState()} width={80} />);
    t.ok(narrow.length <= 80, `at most 80 columns (${narrow.length})`);
    for (const key of ['←→↑↓', 'n next', 'b back', 'i items', 'r reprint', 't register', 'f foods', '/ find', 'q quit'])
      t.ok(narrow.includes(key), `80 columns: ${key}`);
    t.match(frameOf(<Footer state={{ ...initialState(), mode: 'search', search: 'K7' }} width={80} />), /find: K7/);
    t.match(
      frameOf(<Footer state={{ ...initialState(), mode: 'foods' }} width={80} />),
      /space sold out\/available  s portions left  Esc back/,
    );
    t.match(
      frameOf(
        <Footer
          state={{ ...initialState(), mode: 'stock', stockInput: '+5', foods: [food('a', 'Porchetta', 'Panini')] }}
          width={80}
        />,
      ),
      /Porchetta left: \+5 {2}200 \/ \+50 \/ -3 \/ off  Enter apply  Esc cancel/,
    );
    t.match(
      frameOf(<Footer state={{ ...initialState(), mode: 'pay' }} width={80} />),
      /c cash {2}k card {2}Esc cancel/,
    );
  },
);

t.test('FoodPicker: what is left stands in its own column; a low count is yellow', async (t) => {
  const instance = render(
    <FoodPicker
      foods={[
        food('a', 'Birra', 'Bevande'),
        food('b', 'Porchetta', 'Panini', { stock: 200, portionsLeft: 8 }),
        food('c', 'Gnocchi', 'Primi', { stock: 150, portionsLeft: 150 }),
      ]}
      cursor={0}
      width={70}
      height={5}
    />,
  );
  const raw = instance.lastFrame() ?? '';
  instance.unmount();
  const text = raw.replace(/\u001b\[[0-9;]*m/g, '');
  t.match(text, /\[x\] available {2}\s{10}Bevande · Birra/, 'a food not counted has a blank count');
  t.match(text, /\[x\] available {4}8 left {2}Panini · Porchetta/, 'counts are right-aligned');
  t.match(text, /\[x\] available {2}150 left {2}Primi · Gnocchi/);
  t.match(raw, /\u001b\[33m[^\n]*8 left/, 'eight left is yellow: time to restock');
  t.notMatch(raw, /\u001b\[33m[^\n]*150 left/);
});

t.test('OrderColumn: an order in the kitchen shows how many of its stations are done', async (t) => {
  const stations = [
    { printerId: 'p1', name: 'Cucina', status: 'DONE' as const },
    { printerId: 'p2', name: 'Bar', status: 'WAITING' as const },
  ];
  const text = frameOf(
    <OrderColumn
      title="In the kitchen"
      stage="kitchen"
      orders={[{ ...card(1, 3), stations }, card(2, 4)]}
      width={30}
      height={4}
      selectedId={null}
      active={false}
      now={NOW}
      lateMinutes={15}
    />,
  );
  t.match(text, /#1 K1P T1 Cliente 1\s+1\/2 3m/);
  t.match(text, /#2 K2P T2 Cliente 2\s+4m/);
  const ready = frameOf(
    <OrderColumn
      title="Ready"
      stage="ready"
      orders={[{ ...card(1, 3), stations, completedAt: NOW }]}
      width={30}
      height={4}
      selectedId={null}
      active={false}
      now={NOW}
      lateMinutes={15}
    />,
  );
  t.notMatch(ready, /1\/2/, 'once ready, the stations are no longer counted');
  const narrow = frameOf(
    <OrderColumn
      title="In the kitchen"
      stage="kitchen"
      orders={[{ ...card(1, 3), stations }]}
      width={20}
      height={4}
      selectedId={null}
      active={false}
      now={NOW}
      lateMinutes={15}
    />,
  );
  t.match(narrow, /#1 K1P T1 Cli\S* 3m/, 'at 80 columns the customer keeps the room (i shows the stations)');
  t.notMatch(narrow, /1\/2/);
});

t.test('the items view says the discount and what was given back, so the lines add up to the total', async (t) => {
  const { ItemsView } = await import('../../../src/tui/components/ItemsView.js');
  const frame = frameOf(
    <ItemsView
      width={80}
      height={10}
      details={{
        id: 6,
        ticketNumber: 6,
        displayCode: 'K6P',
        table: '2',
        customer: 'Verdi',
        total: 550, // 3 × 4.00 + 1 × 4.00, less 3.00 off, less one tiramisù (4.00) and 3.50 of the beer given back
        status: 'CONFIRMED',
        stations: [],
        discount: 300,
        refunded: 750,
        items: [
          { category: 'Dolci', quantity: 3, name: 'Tiramisù', notes: '', refunded: 1 },
          { category: 'Bevande', quantity: 1, name: 'Birra', notes: '', refunded: 0 },
        ],
      }}
    />,
  );
  t.match(frame, /discount -3\.00 · given back -7\.50/);
  t.match(frame, /3 × Tiramisù \[1 refunded\]/);
  t.match(frame, /1 × Birra {2}· Bevande/, 'a line with nothing given back says nothing of it');
});

t.test('the items view lists each line’s choices after its name', async (t) => {
  const { ItemsView } = await import('../../../src/tui/components/ItemsView.js');
  const frame = frameOf(
    <ItemsView
      width={100}
      height={10}
      details={{
        id: 7,
        ticketNumber: 7,
        displayCode: 'K7P',
        table: '4',
        customer: 'Rossi',
        total: 3200,
        status: 'CONFIRMED',
        stations: [],
        items: [
          { category: 'Secondi', quantity: 1, name: 'Tagliata', notes: 'poco sale', choices: ['ben cotta', 'patate'] },
          { category: 'Menu', quantity: 1, name: 'Menu Pellegrino', notes: '', choices: ['Tagliatelle', 'Salsiccia'] },
        ],
      }}
    />,
  );
  t.match(frame, /1 × Tagliata: ben cotta, patate \(poco sale\)/);
  t.match(frame, /1 × Menu Pellegrino: Tagliatelle, Salsiccia/);
});
