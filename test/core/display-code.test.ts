import t from 'tap';
import { DISPLAY_CODE_ALPHABET, DISPLAY_CODE_COUNT, isDisplayCode, pickDisplayCode, randomDisplayCode } from '../../src/core/orders/display-code.js';
import { UnavailableError } from '../../src/core/errors.js';
import { buildTestApp } from '../helpers/app.js';

t.test('alphabet has no look-alikes', async (t) => {
  for (const char of '01OIL') t.notOk(DISPLAY_CODE_ALPHABET.includes(char), char);
  t.equal(new Set(DISPLAY_CODE_ALPHABET).size, DISPLAY_CODE_ALPHABET.length);
  t.equal(DISPLAY_CODE_COUNT, 29_791);
  for (let i = 0; i < 500; i++) t.ok(isDisplayCode(randomDisplayCode()));
  t.notOk(isDisplayCode('AB0'));
  t.notOk(isDisplayCode('ABCD'));
});

async function insertOrder(app: Awaited<ReturnType<typeof buildTestApp>>, code: string, codeDay: string, status: 'PENDING' | 'PICKED_UP') {
  await app.runtime.ctx.storage.db
    .insertInto('orders')
    .values({
      display_code: code, code_day: codeDay, table_name: 't', customer: 'c', status, ticket_number: null, ticket_day: null,
      payment_method: null, subtotal_cents: 0, discount_cents: 0, surcharge_cents: 0, total_cents: 0, user_id: null,
      cash_register_id: null, created_at: 0, updated_at: 0, confirmed_at: null, completed_at: null,
    })
    .execute();
}

t.test('codes are unique within the ticket day and never reused while waiting', async (t) => {
  const app = await buildTestApp(t);
  const db = app.runtime.ctx.storage.db;
  await insertOrder(app, 'AAA', '2026-11-21', 'PICKED_UP'); // today, picked up: still taken today
  await insertOrder(app, 'BBB', '2026-11-20', 'PENDING'); // yesterday, still waiting: taken
  await insertOrder(app, 'CCC', '2026-11-20', 'PICKED_UP'); // yesterday, done: free again
  // A random source that proposes the taken codes first, then a free one.
  const proposals = ['AAA', 'BBB', 'CCC'];
  let call = 0;
  const scripted = (max: number) => {
    const code = proposals[Math.floor(call / 3)] ?? 'CCC';
    const char = code[call % 3] as string;
    call++;
    return DISPLAY_CODE_ALPHABET.indexOf(char) % max;
  };
  t.equal(await pickDisplayCode(db, '2026-11-21', scripted), 'CCC');
});

t.test('when every code of the day is used, a picked-up code is reused; when all wait, 503', async (t) => {
  const app = await buildTestApp(t);
  const db = app.runtime.ctx.storage.db;
  const sqlite = app.runtime.ctx.storage.sqlite;
  const insert = sqlite.prepare(
    `insert into orders (display_code, code_day, table_name, customer, status, subtotal_cents, discount_cents, surcharge_cents, total_cents, created_at, updated_at)
     values (?, '2026-11-21', 't', 'c', ?, 0, 0, 0, 0, 0, 0)`,
  );
  const a = DISPLAY_CODE_ALPHABET;
  sqlite.transaction(() => {
    for (const x of a) for (const y of a) for (const z of a) insert.run(x + y + z, x + y + z === 'ZZZ' ? 'PICKED_UP' : 'PENDING');
  })();
  t.equal(await pickDisplayCode(db, '2026-11-21'), 'ZZZ', 'the only code not waiting');
  sqlite.prepare(`update orders set status = 'PENDING' where display_code = 'ZZZ'`).run();
  await t.rejects(pickDisplayCode(db, '2026-11-21'), UnavailableError);
});
