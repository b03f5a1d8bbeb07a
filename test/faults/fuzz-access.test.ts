import t from 'tap';
import { openFuzzSession } from '../helpers/fuzz-session.js';

// The endpoint fuzzer on who may come in: login, users, device keys (test/helpers/fuzz-session.ts says how, and what is checked).

t.test(
  'B2, the routes of logins, users and device keys, fuzzed from their schemas: no 5xx, one error shape, a rejected request changes nothing',
  async (t) => {
    const fuzz = await openFuzzSession(t);
    await fuzz.fuzzFamily('access');
    fuzz.report();
  },
);
