import fc from 'fast-check';
import t from 'tap';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { type StockMenu, stockMenu } from '../helpers/stock.js';

// A property over random evenings: orders (pending or paid at once), confirmations, kitchen completions,
// cancellations, restocks and write-offs, through the API. After every step the counts equal the start plus the
// restocks minus the portions of the confirmed orders that were not cancelled before completion, they are never
// below 0, a food is on the menu exactly when something is left, and a refusal changes nothing.

const START = { porchetta: 6, patatine: 4 };

type FoodName = 'panino' | 'piatto' | 'patatine' | 'birra';
type Line = [FoodName, number];

interface Model {
  porchetta: number;
  patatine: number;
  /** Every order still there, by id. */
  orders: Map<number, { lines: Line[]; confirmed: boolean; completed: boolean }>;
  /** Restocks minus write-offs, per count. */
  added: { porchetta: number; patatine: number };
  /** Portions of deleted orders that had been completed (gone for good). */
  eaten: { porchetta: number; patatine: number };
}

interface Real {
  app: TestApp;
  menu: StockMenu;
}

const need = (lines: readonly Line[]) => ({
  porchetta: lines.reduce((sum, [name, quantity]) => sum + (name === 'panino' || name === 'piatto' ? quantity : 0), 0),
  patatine: lines.reduce((sum, [name, quantity]) => sum + (name === 'patatine' ? quantity : 0), 0),
});
const left = (model: Model, name: FoodName) =>
  name === 'patatine' ? model.patatine : name === 'birra' ? null : model.porchetta;
const fits = (model: Model, lines: readonly Line[]) => {
  const wanted = need(lines);
  return wanted.porchetta <= model.porchetta && wanted.patatine <= model.patatine;
};
const take = (model: Model, lines: readonly Line[], sign: 1 | -1) => {
  const wanted = need(lines);
  model.porchetta -= sign * wanted.porchetta;
  model.patatine -= sign * wanted.patatine;
};

const pick = <T>(values: Iterable<T>, index: number): T | undefined => {
  const list = [...values];
  return list.length === 0 ? undefined : list[index % list.length];
};

async function check(model: Model, real: Real): Promise<void> {
  const { app, menu } = real;
  const porchetta = (await app.request({ method: 'GET', url: `/v1/ingredients/${menu.porchetta}` })).json()
    .stock as number;
  const foods = (await app.request({ method: 'GET', url: '/v1/foods' })).json() as Array<{
    id: string;
    stock: number | null;
    portionsLeft: number | null;
    available: boolean;
  }>;
  const byId = new Map(foods.map((food) => [food.id, food]));
  const patatine = byId.get(menu.patatine)!;
  // The invariant, from the history alone.
  const held = { porchetta: 0, patatine: 0 };
  for (const order of model.orders.values()) {
    if (!order.confirmed) continue;
    const wanted = need(order.lines);
    held.porchetta += wanted.porchetta;
    held.patatine += wanted.patatine;
  }
  const expected = {
    porchetta: START.porchetta + model.added.porchetta - held.porchetta - model.eaten.porchetta,
    patatine: START.patatine + model.added.patatine - held.patatine - model.eaten.patatine,
  };
  if (porchetta !== expected.porchetta || patatine.stock !== expected.patatine) {
    throw new Error(`counts ${porchetta}/${patatine.stock}, expected ${expected.porchetta}/${expected.patatine}`);
  }
  if (porchetta !== model.porchetta || patatine.stock !== model.patatine)
    throw new Error('the model and the server disagree');
  if (porchetta < 0 || (patatine.stock ?? 0) < 0) throw new Error('a count below 0');
  for (const name of ['panino', 'piatto', 'patatine'] as const) {
    const food = byId.get(menu[name])!;
    if (food.portionsLeft !== left(model, name))
      throw new Error(`${name}: portionsLeft ${food.portionsLeft}, expected ${left(model, name)}`);
    if (food.available !== (food.portionsLeft !== 0))
      throw new Error(`${name}: available ${food.available} with ${food.portionsLeft} left`);
  }
  const ledger = await app.runtime.storage.db
    .selectFrom('order_portions')
    .select(({ fn }) => fn.sum<number>('units').as('units'))
    .executeTakeFirst();
  if (Number(ledger?.units ?? 0) !== held.porchetta + held.patatine)
    throw new Error(`ledger holds ${ledger?.units}, orders hold ${held.porchetta + held.patatine}`);
}

function expectStatus(response: { statusCode: number; body: string }, status: number, what: string): void {
  if (response.statusCode !== status)
    throw new Error(`${what}: ${response.statusCode} (expected ${status}) ${response.body}`);
}

class CreateOrder implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly lines: Line[],
    readonly confirm: boolean,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const orderItems = this.lines.map(([name, quantity]) => ({ foodId: real.menu[name], quantity }));
    const response = await real.app.request({
      method: 'POST',
      url: '/v1/orders',
      as: 'operator',
      body: { table: '1', customer: 'X', orderItems, ...(this.confirm ? { confirm: { paymentMethod: 'CASH' } } : {}) },
    });
    if (this.confirm) {
      if (!fits(model, this.lines)) return expectStatus(response, 409, 'short order');
      expectStatus(response, 201, 'paid order');
      take(model, this.lines, 1);
    } else {
      // A pending order takes nothing, but a sold-out food cannot be ordered at all.
      if (this.lines.some(([name]) => left(model, name) === 0))
        return expectStatus(response, 400, 'pending order of a sold-out food');
      expectStatus(response, 201, 'pending order');
    }
    model.orders.set(response.json().id, { lines: this.lines, confirmed: this.confirm, completed: false });
    await check(model, real);
  }
  toString = () => `order ${JSON.stringify(this.lines)}${this.confirm ? ' paid' : ''}`;
}

class Confirm implements fc.AsyncCommand<Model, Real> {
  constructor(readonly index: number) {}
  check = (model: Readonly<Model>) => [...model.orders.values()].some((order) => !order.confirmed);
  async run(model: Model, real: Real) {
    const id = pick(
      [...model.orders].filter(([, order]) => !order.confirmed).map(([orderId]) => orderId),
      this.index,
    )!;
    const order = model.orders.get(id)!;
    const response = await real.app.request({
      method: 'POST',
      url: `/v1/orders/${id}/confirm`,
      as: 'operator',
      body: { paymentMethod: 'CARD' },
    });
    if (!fits(model, order.lines)) return expectStatus(response, 409, 'short confirmation');
    expectStatus(response, 200, 'confirmation');
    take(model, order.lines, 1);
    order.confirmed = true;
    await check(model, real);
  }
  toString = () => `confirm #${this.index}`;
}

class Complete implements fc.AsyncCommand<Model, Real> {
  constructor(readonly index: number) {}
  check = (model: Readonly<Model>) => [...model.orders.values()].some((order) => order.confirmed && !order.completed);
  async run(model: Model, real: Real) {
    const id = pick(
      [...model.orders].filter(([, order]) => order.confirmed && !order.completed).map(([orderId]) => orderId),
      this.index,
    )!;
    expectStatus(
      await real.app.request({
        method: 'PATCH',
        url: `/v1/orders/${id}`,
        as: 'operator',
        body: { status: 'COMPLETED' },
      }),
      200,
      'completion',
    );
    model.orders.get(id)!.completed = true;
    await check(model, real);
  }
  toString = () => `complete #${this.index}`;
}

class Cancel implements fc.AsyncCommand<Model, Real> {
  constructor(readonly index: number) {}
  check = (model: Readonly<Model>) => model.orders.size > 0;
  async run(model: Model, real: Real) {
    const id = pick(model.orders.keys(), this.index)!;
    const order = model.orders.get(id)!;
    expectStatus(
      await real.app.request({ method: 'DELETE', url: `/v1/orders/${id}`, as: 'operator' }),
      204,
      'cancellation',
    );
    model.orders.delete(id);
    if (order.confirmed) {
      const wanted = need(order.lines);
      if (order.completed) {
        model.eaten.porchetta += wanted.porchetta;
        model.eaten.patatine += wanted.patatine;
      } else {
        take(model, order.lines, -1);
      }
    }
    await check(model, real);
  }
  toString = () => `cancel #${this.index}`;
}

class Restock implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly count: 'porchetta' | 'patatine',
    readonly units: number,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const url =
      this.count === 'porchetta' ? `/v1/ingredients/${real.menu.porchetta}` : `/v1/foods/${real.menu.patatine}`;
    const response = await real.app.request({ method: 'PATCH', url, body: { stockAdd: this.units } });
    if (model[this.count] + this.units < 0) return expectStatus(response, 400, 'write-off below 0');
    expectStatus(response, 200, 'restock');
    model[this.count] += this.units;
    model.added[this.count] += this.units;
    await check(model, real);
  }
  toString = () => `${this.count} ${this.units >= 0 ? '+' : ''}${this.units}`;
}

const line = fc.tuple(
  fc.constantFrom<FoodName>('panino', 'piatto', 'patatine', 'birra'),
  fc.integer({ min: 1, max: 4 }),
);
const commands = fc.commands(
  [
    fc
      .tuple(fc.array(line, { minLength: 1, maxLength: 3 }), fc.boolean())
      .map(([lines, confirm]) => new CreateOrder(lines, confirm)),
    fc.nat().map((index) => new Confirm(index)),
    fc.nat().map((index) => new Complete(index)),
    fc.nat().map((index) => new Cancel(index)),
    fc
      .tuple(fc.constantFrom<'porchetta' | 'patatine'>('porchetta', 'patatine'), fc.integer({ min: -4, max: 6 }))
      .map(([count, units]) => new Restock(count, units)),
  ],
  { maxCommands: 30 },
);

t.test('counts always equal the start minus the confirmed, not cancelled portions, and never go below 0', async (t) => {
  await fc.assert(
    fc.asyncProperty(commands, async (steps) => {
      const teardown: Array<() => unknown> = [];
      try {
        const app = await buildTestApp({ teardown: (fn) => void teardown.push(fn) });
        const menu = await stockMenu(app, START);
        const model: Model = {
          ...START,
          orders: new Map(),
          added: { porchetta: 0, patatine: 0 },
          eaten: { porchetta: 0, patatine: 0 },
        };
        await fc.asyncModelRun(() => ({ model, real: { app, menu } }), steps);
      } finally {
        for (const fn of teardown.reverse()) await fn();
      }
    }),
    { numRuns: Number(process.env['PORTIONS_RUNS'] ?? 25) },
  );
  t.pass('held for every sequence');
});
