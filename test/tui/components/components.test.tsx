import { render } from 'ink-testing-library';
import t from 'tap';
import { FoodPicker } from '../../../src/tui/components/FoodPicker.js';
import { Footer } from '../../../src/tui/components/Footer.js';
import { Header } from '../../../src/tui/components/Header.js';
import { OrderColumn } from '../../../src/tui/components/OrderColumn.js';
import { PrintersPanel } from '../../../src/tui/components/PrintersPanel.js';
import { initialState, type OrderCard } from '../../../src/tui/state.js';

const NOW = Date.parse('2026-11-21T19:00:00.000Z');
const card = (id: number, minutes: number): OrderCard => ({
  id, ticketNumber: id, displayCode: `K${id}P`, table: `T${id}`, customer: `Cliente ${id}`, stage: 'kitchen',
  confirmedAt: NOW - minutes * 60_000, completedAt: null, total: '7.50',
});

function frameOf(element: React.ReactElement): string {
  const instance = render(element);
  const text = instance.lastFrame() ?? '';
  instance.unmount();
  return text;
}

t.test('Header: figures and the connection', async (t) => {
  t.match(frameOf(<Header connection="live" figures={{ orders: 3, revenue: 22.5, cash: 10, card: 12.5 }} now={NOW} />), /today 3 orders · 22\.50 \(cash 10\.00 · card 12\.50\)\s+live/);
  t.match(frameOf(<Header connection="offline" figures={null} now={NOW} />), /today –\s+OFFLINE/);
});

t.test('OrderColumn: count, lines, minutes waited, overflow', async (t) => {
  const orders = [card(1, 30), card(2, 3), card(3, 1), card(4, 0)];
  const text = frameOf(
    <OrderColumn title="In the kitchen" stage="kitchen" orders={orders} width={30} height={4} selectedId={1} active now={NOW} lateMinutes={15} />,
  );
  t.match(text, /In the kitchen \(4\)/);
  t.match(text, /1 K1P T1 Cliente 1\s+30m/);
  t.match(text, /2 K2P T2 Cliente 2\s+3m/);
  t.match(text, /\+2 more/, 'what does not fit is counted');
  const narrow = frameOf(<OrderColumn title="Pending" stage="pending" orders={[{ ...card(5, 0), ticketNumber: null, customer: 'Una famiglia numerosa' }]} width={18} height={3} selectedId={null} active={false} now={NOW} lateMinutes={15} />);
  t.match(narrow, /- K5P T5 Una …/, 'long names are cut to the column');
});

t.test('PrintersPanel: status and tickets waiting', async (t) => {
  t.match(frameOf(<PrintersPanel printers={[{ id: 'a', name: 'Cucina', status: 'ONLINE', held: 0 }, { id: 'b', name: 'Bar', status: 'OFFLINE', held: 4 }]} />), /Cucina ONLINE · Bar OFFLINE \(4 waiting\)/);
  t.match(frameOf(<PrintersPanel printers={[]} />), /printers: none set up/);
});

t.test('FoodPicker: sold out marks and the cursor row', async (t) => {
  const text = frameOf(
    <FoodPicker foods={[{ id: 'a', name: 'Birra', category: 'Bevande', available: true }, { id: 'b', name: 'Tiramisù', category: 'Dolci', available: false }]} cursor={1} width={60} height={5} />,
  );
  t.match(text, /\[ \] available {2}Bevande · Birra/);
  t.match(text, /\[x\] SOLD OUT {3}Dolci · Tiramisù/);
});

t.test('Footer: every key on the board, the search line while finding', async (t) => {
  t.match(frameOf(<Footer state={initialState()} />), /n\/Enter next stage/);
  t.match(frameOf(<Footer state={{ ...initialState(), mode: 'search', search: 'K7' }} />), /find: K7/);
  t.match(frameOf(<Footer state={{ ...initialState(), mode: 'foods' }} />), /space sold out\/available/);
});
