import fc from 'fast-check';
import t from 'tap';
import { lineShares, shareOut, unitsShare } from '../../src/api/pricing.js';
import { refundCents } from '../../src/web/till/refund-amount.js';

// The default amount of a refund, the rule the server and the till share: the discount shared over the lines to
// the cent, each line's part spread over its units, so refunding every unit in any order gives back the total.

t.test('the discount shared in proportion, the cents left to the largest remainders', async (t) => {
  t.same(lineShares([1500, 1300], 100), [1446, 1254]);
  t.same(lineShares([1000, 1000, 1000], 100), [966, 967, 967]);
  t.same(shareOut(100, [1, 1, 1]), [34, 33, 33], 'a tie goes to the earlier part');
  t.same(lineShares([500], 0), [500]);
});

t.test('one unit at a time, in any order of lines, gives back the order total exactly', async (t) => {
  fc.assert(
    fc.property(
      fc.array(fc.record({ quantity: fc.integer({ min: 1, max: 9 }), unit: fc.integer({ min: 1, max: 2000 }) }), {
        minLength: 1,
        maxLength: 6,
      }),
      fc.integer({ min: 0, max: 100 }),
      fc.integer(),
      (raw, discountPct, seed) => {
        const lines = raw.map((line, index) => ({
          id: `l${index}`,
          quantity: line.quantity,
          refundedQuantity: 0,
          totalCents: line.quantity * line.unit,
        }));
        const subtotal = lines.reduce((sum, line) => sum + line.totalCents, 0);
        const discount = Math.floor((subtotal * discountPct) / 100);
        const total = subtotal - discount;
        let refunded = 0;
        let step = Math.abs(seed);
        for (;;) {
          const open = lines.filter((line) => line.refundedQuantity < line.quantity);
          if (open.length === 0) break;
          const line = open[step++ % open.length]!;
          const amount = refundCents(lines, discount, total, refunded, new Map([[line.id, 1]]));
          if (amount < 0) return false;
          refunded += amount;
          line.refundedQuantity += 1;
        }
        return refunded === total;
      },
    ),
  );
  t.equal(unitsShare(1446, 2, 0, 1), 723);
  t.equal(unitsShare(1446, 2, 1, 1), 723);
});
