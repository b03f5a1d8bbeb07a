import t from 'tap';
import { openFuzzSession } from '../helpers/fuzz-session.js';

// The endpoint fuzzer on the routes of orders: create, confirm, status, reprint, delete, list (test/helpers/fuzz-session.ts says how, and what is checked).

t.test(
  'B2, the order routes, fuzzed from their schemas: no 5xx, one error shape, a rejected request changes nothing',
  async (t) => {
    const fuzz = await openFuzzSession(t);
    await fuzz.fuzzFamily('orders');
    fuzz.report();
  },
);
