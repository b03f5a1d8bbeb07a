import fc from 'fast-check';
import t from 'tap';
import { toCents } from '../../src/api/money.js';
import { encodeMoney } from '../../src/api/money-codec.js';
import { CreateOrderInput } from '../../src/api/orders.js';
import {
  addFood,
  type CartChoice,
  canPay,
  cartTotals,
  EMPTY_CART,
  orderBody,
  type RoleFoods,
  updateLine,
  type Cart,
} from '../../src/web/till/cart.js';
import { buildTestApp } from '../helpers/app.js';
import { seedMenu } from '../helpers/seed.js';

// The till prices an order on the tablet with the code the server uses (src/api/pricing): over random lines,
// choices, quantities, surcharges, discounts, covers (children free) and takeaway, the total the cashier sees is the
// total the server records: the cover line the till sends and the takeaway fee the server appends are priced by the
// same rule.

t.test('the tablet total equals the server total', async (t) => {
  const app = await buildTestApp(t);
  const menu = await seedMenu(app);
  const foods = [menu.foods.margherita, menu.foods.diavola, menu.foods.beer, menu.foods.tiramisu];
  const food = await Promise.all(
    foods.map(
      async (id) => (await app.request({ method: 'GET', url: `/v1/foods/${id}` })).json() as Record<string, any>,
    ),
  );

  // The venue's cover and takeaway fee, in a category of their own.
  const roleFood = async (name: string, role: string) => {
    const response = await app.request({
      method: 'POST',
      url: '/v1/foods',
      body: { name, price: 1, categoryId: menu.categories.desserts, available: true, role },
    });
    if (response.statusCode !== 201) throw new Error(response.body);
    return response.json() as Record<string, any>;
  };
  const roleFoods = [await roleFood('Coperto', 'COVER'), await roleFood('Asporto', 'TAKEAWAY_FEE')];

  const line = fc.record({
    food: fc.integer({ min: 0, max: foods.length - 1 }),
    quantity: fc.integer({ min: 1, max: 40 }),
    surchargeCents: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 5000 })),
    note: fc.boolean(),
    // Which options: the pizza's toppings (any of three), the second pizza's size (exactly one of two).
    toppings: fc.subarray([0, 1, 2]),
    size: fc.integer({ min: 0, max: 1 }),
  });
  const order = fc.record({
    prices: fc.array(fc.integer({ min: 1, max: 20_000 }), { minLength: foods.length, maxLength: foods.length }),
    toppingDeltas: fc.array(fc.integer({ min: 0, max: 1500 }), { minLength: 3, maxLength: 3 }),
    /** The small size takes off up to the whole price (never below 0). */
    smallerShare: fc.double({ min: 0, max: 1, noNaN: true }),
    lines: fc.array(line, { minLength: 1, maxLength: 8 }),
    discountShare: fc.oneof(fc.constant(0), fc.double({ min: 0, max: 1, noNaN: true })),
    rolePrices: fc.array(fc.integer({ min: 0, max: 500 }), { minLength: 2, maxLength: 2 }),
    covers: fc.integer({ min: 0, max: 12 }),
    childShare: fc.double({ min: 0, max: 1, noNaN: true }),
    takeaway: fc.boolean(),
  });

  let runs = 0;
  await fc.assert(
    fc.asyncProperty(order, async (drawn) => {
      const { prices, toppingDeltas, smallerShare, lines, discountShare, rolePrices, covers, childShare, takeaway } =
        drawn;
      for (const [index, current] of roleFoods.entries()) {
        const response = await app.request({
          method: 'PUT',
          url: `/v1/foods/${current['id']}`,
          body: {
            name: current['name'],
            price: rolePrices[index]! / 100,
            categoryId: current['categoryId'],
            available: true,
          },
        });
        if (response.statusCode !== 200) throw new Error(response.body);
      }
      const roles: RoleFoods = {
        cover: { id: roleFoods[0]!['id'], name: 'Coperto', priceCents: rolePrices[0]! },
        takeawayFee: { id: roleFoods[1]!['id'], name: 'Asporto', priceCents: rolePrices[1]! },
      };
      const smaller = -Math.floor(prices[1]! * smallerShare);
      const groups: Array<unknown[]> = [
        [
          {
            name: 'Aggiunte',
            min: 0,
            max: 3,
            options: toppingDeltas.map((delta, i) => ({ name: `t${i}`, priceDelta: delta / 100 })),
          },
        ],
        [
          {
            name: 'Formato',
            min: 1,
            max: 1,
            options: [
              { name: 'normale', priceDelta: 0 },
              { name: 'baby', priceDelta: smaller / 100 },
            ],
          },
        ],
      ];
      const offered: CartChoice[][] = [];
      for (const [index, id] of foods.entries()) {
        const current = food[index]!;
        const response = await app.request({
          method: 'PUT',
          url: `/v1/foods/${id}`,
          body: {
            name: current['name'],
            description: current['description'],
            price: prices[index]! / 100,
            categoryId: current['categoryId'],
            printerId: current['printerId'],
            available: true,
            choices: groups[index] ?? [],
          },
        });
        if (response.statusCode !== 200) throw new Error(response.body);
        offered.push(
          (
            response.json() as { choices: Array<{ options: Array<{ id: string; name: string; priceDelta: number }> }> }
          ).choices
            .flatMap((group) => group.options)
            .map((option) => ({
              id: option.id,
              name: option.name,
              priceDeltaCents: toCents(option.priceDelta) as number,
              foodId: null,
            })),
        );
      }
      let cart: Cart = EMPTY_CART;
      for (const [n, picked] of lines.entries()) {
        const chosen = {
          id: foods[picked.food]!,
          name: food[picked.food]!['name'] as string,
          priceCents: prices[picked.food]!,
        };
        const options = offered[picked.food]!;
        const choices =
          picked.food === 0
            ? picked.toppings.map((i) => options[i]!)
            : picked.food === 1
              ? [options[picked.size]!]
              : [];
        // A line of its own (a note makes it distinct), with its choices, quantity and surcharge.
        cart = addFood(cart, chosen, choices);
        const added = cart.lines.at(-1)!;
        cart = updateLine(cart, added.id, { notes: picked.note || added.quantity > 1 ? `n${n}` : '' });
        const target = cart.lines.find((l) => l.notes === `n${n}`) ?? cart.lines.at(-1)!;
        cart = {
          ...cart,
          lines: cart.lines.map((l) =>
            l.id === target.id ? { ...l, quantity: picked.quantity, surchargeCents: picked.surchargeCents } : l,
          ),
        };
      }
      cart = { ...cart, service: { covers, children: Math.floor(covers * childShare), takeaway } };
      const subtotal = cartTotals(cart, roles).subtotalCents;
      cart = { ...cart, discountCents: Math.floor(subtotal * discountShare) };
      const tablet = cartTotals(cart, roles);
      if (!canPay(cart, roles)) throw new Error('a discount within the subtotal must be payable');
      const created = await app.request({
        method: 'POST',
        url: '/v1/orders',
        as: 'operator',
        body: encodeMoney(
          CreateOrderInput,
          orderBody(cart, { method: 'CASH', userId: null, cashRegisterId: menu.register }, roles),
        ),
      });
      if (created.statusCode !== 201) throw new Error(created.body);
      const detail = (
        await app.request({ method: 'GET', url: `/v1/orders/${(created.json() as { id: number }).id}` })
      ).json() as Record<string, string>;
      runs += 1;
      return (
        toCents(Number(detail['total'])) === tablet.totalCents &&
        toCents(Number(detail['subTotal'])) === tablet.subtotalCents &&
        toCents(Number(detail['discount'])) === tablet.discountCents &&
        toCents(Number(detail['surcharge'])) === tablet.surchargeCents
      );
    }),
    { numRuns: 150 },
  );
  t.equal(runs, 150, 'every run compared a real order');

  // Above the subtotal: the tablet does not offer pay, and the server would refuse it.
  const beer = toCents(
    ((await app.request({ method: 'GET', url: `/v1/foods/${menu.foods.beer}` })).json() as { price: number }).price,
  ) as number;
  const cart = {
    ...addFood(EMPTY_CART, { id: menu.foods.beer, name: 'Birra', priceCents: beer }),
    discountCents: beer + 1,
  };
  t.notOk(canPay(cart));
  const refused = await app.request({
    method: 'POST',
    url: '/v1/orders',
    as: 'operator',
    body: encodeMoney(
      CreateOrderInput,
      orderBody(cart, { method: 'CASH', userId: null, cashRegisterId: menu.register }),
    ),
  });
  t.equal(refused.statusCode, 400);
});
