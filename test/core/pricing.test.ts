import t from 'tap';
import { centsToDecimal, centsToNumber, toCents } from '../../src/core/money.js';
import { orderTotals, priceLine, unitSurcharge } from '../../src/core/orders/pricing.js';
import { InvalidError } from '../../src/core/errors.js';

t.test('money: wire numbers to cents and back', async (t) => {
  t.equal(toCents(12.5), 1250);
  t.equal(toCents(0.1 + 0.2), 30, 'float noise is tolerated');
  t.equal(toCents(19.99), 1999);
  t.equal(toCents(1.005), null, 'a third decimal is refused');
  t.equal(toCents(Number.NaN), null);
  t.equal(toCents(Number.POSITIVE_INFINITY), null);
  t.equal(toCents(-0), 0);
  t.equal(centsToDecimal(1250), '12.50');
  t.equal(centsToDecimal(5), '0.05');
  t.equal(centsToDecimal(0), '0.00');
  t.equal(centsToDecimal(-5), '-0.05');
  t.equal(centsToDecimal(123456789), '1234567.89');
  t.equal(centsToNumber(1250), 12.5);
});

t.test('line total = surcharge + unit price x quantity', async (t) => {
  t.same(priceLine({ quantity: 3, unitPriceCents: 750, surchargeCents: 100 }), {
    quantity: 3,
    unitPriceCents: 750,
    surchargeCents: 100,
    totalCents: 2350,
    unitSurchargeCents: 33,
  });
  t.equal(unitSurcharge(100, 3), 33, 'shown rounded');
  t.equal(unitSurcharge(200, 3), 67);
  t.equal(unitSurcharge(0, 5), 0);
});

t.test('totals use exact line surcharges, discount never makes a negative total', async (t) => {
  const lines = [
    priceLine({ quantity: 3, unitPriceCents: 750, surchargeCents: 100 }),
    priceLine({ quantity: 1, unitPriceCents: 400, surchargeCents: 0 }),
  ];
  t.same(orderTotals(lines, 250), { subtotalCents: 2750, surchargeCents: 100, discountCents: 250, totalCents: 2500 });
  t.same(orderTotals(lines, 2750).totalCents, 0, 'a discount equal to the subtotal is allowed');
  t.throws(() => orderTotals(lines, 2751), InvalidError);
});
