import t from 'tap';
import type { CashierEvent } from '../../src/api/events.js';
import { describeEvent } from '../../src/cli/commands/events.js';
import { initialState, reduce } from '../../src/tui/state.js';
import { food } from '../tui/fixtures.js';

// Events are typed end to end: the consumers (the dashboard's reducer, the till, `pos events`) read payloads typed by
// the unions of src/api/events.ts. This file is compiled by `npm run typecheck`: each `@ts-expect-error` below is a
// compile error that must happen. Should a payload's field be renamed in src/api, its consumers stop compiling (and
// an expected error that no longer happens fails the typecheck too).

type StockChanged = Extract<CashierEvent, { name: 'food-stock-changed' }>;

t.test('a renamed or misspelt payload field does not compile in its consumers', async (t) => {
  const state = { ...initialState(), foods: [food('f1', 'Porchetta', 'Panini', { stock: 20, portionsLeft: 20 })] };

  // What the server sends today: accepted, and applied.
  const event: StockChanged = { name: 'food-stock-changed', payload: { foodId: 'f1', portionsLeft: 12 } };
  t.equal(reduce(state, { type: 'event', event, at: 0 }).foods[0]?.portionsLeft, 12);

  // The same payload after renaming `portionsLeft` to `portionsRemaining` (as if src/api changed and a consumer
  // did not): the dashboard's reducer refuses it at compile time.
  const renamed = { name: 'food-stock-changed' as const, payload: { foodId: 'f1', portionsRemaining: 12 } };
  // @ts-expect-error the dashboard reads `portionsLeft`: a payload without it is not a food-stock-changed event
  const applied = reduce(state, { type: 'event', event: renamed, at: 0 });
  t.equal(applied.foods[0]?.portionsLeft, undefined, 'had it compiled, the count would have been lost at run time');

  // A consumer that misspells a field does not compile either.
  const read = (stock: StockChanged) =>
    // @ts-expect-error `portionLeft` is not a field of the payload
    stock.payload.portionLeft as unknown;
  t.equal(read(event), undefined);

  // Names are checked too: an event the union does not have is no cashier event.
  // @ts-expect-error there is no `food-stock-change` event
  const misnamed: CashierEvent = { name: 'food-stock-change', payload: { foodId: 'f1', portionsLeft: 1 } };
  t.ok(misnamed);
});

t.test('pos events reads the same unions', async (t) => {
  t.equal(
    describeEvent({
      event: 'food-stock-changed',
      data: JSON.stringify({ foodId: 'f1', portionsLeft: 3 }),
      lastEventId: '1',
    }),
    'food f1: 3 left',
  );
});
