import t from 'tap';
import {
  DISPLAY_CODE_ALPHABET,
  DISPLAY_CODE_COUNT,
  isDisplayCode,
  pickDisplayCode,
  randomDisplayCode,
} from '../../src/core/orders/display-code.js';
import { ManualClock } from '../../src/core/clock.js';
import { UnavailableError } from '../../src/core/errors.js';
import { everyOf } from '../helpers/assert.js';
import { buildTestCore } from '../helpers/core.js';

/** The pool's clock, standing still unless a test moves it. */
const clock = new ManualClock('2026-11-21T19:00:00Z');

t.test('alphabet has no look-alikes', async (t) => {
  for (const char of '01OIL') t.notOk(DISPLAY_CODE_ALPHABET.includes(char), char);
  t.equal(new Set(DISPLAY_CODE_ALPHABET).size, DISPLAY_CODE_ALPHABET.length);
  t.equal(DISPLAY_CODE_COUNT, 29_791);
  for (let i = 0; i < 500; i++) t.ok(isDisplayCode(randomDisplayCode()));
  t.notOk(isDisplayCode('AB0'));
  t.notOk(isDisplayCode('ABCD'));
});

async function insertOrder(
  app: Awaited<ReturnType<typeof buildTestCore>>,
  code: string,
  codeDay: string,
  status: 'PENDING' | 'PICKED_UP',
) {
  await app.runtime.storage.db
    .insertInto('orders')
    .values({
      display_code: code,
      code_day: codeDay,
      table_name: 't',
      customer: 'c',
      status,
      ticket_number: null,
      ticket_day: null,
      payment_method: null,
      subtotal_cents: 0,
      discount_cents: 0,
      surcharge_cents: 0,
      total_cents: 0,
      user_id: null,
      cash_register_id: null,
      created_at: 0,
      updated_at: 0,
      confirmed_at: null,
      completed_at: null,
    })
    .execute();
}

/** Every code as an order of `codeDay` with `status`, except `except`. */
function fillDay(
  app: Awaited<ReturnType<typeof buildTestCore>>,
  codeDay: string,
  status: 'PENDING' | 'PICKED_UP',
  except: string[] = [],
) {
  const sqlite = app.runtime.storage.sqlite;
  const insert = sqlite.prepare(
    `insert into orders (display_code, code_day, table_name, customer, status, subtotal_cents, discount_cents, surcharge_cents, total_cents, created_at, updated_at)
     values (?, ?, 't', 'c', ?, 0, 0, 0, 0, 0, 0)`,
  );
  const a = DISPLAY_CODE_ALPHABET;
  sqlite.transaction(() => {
    for (const x of a)
      for (const y of a) for (const z of a) if (!except.includes(x + y + z)) insert.run(x + y + z, codeDay, status);
  })();
}

t.test('codes are unique within the ticket day and never reused while waiting', async (t) => {
  const app = await buildTestCore(t);
  const db = app.runtime.storage.db;
  await insertOrder(app, 'BBB', '2026-11-20', 'PENDING'); // yesterday, still waiting: taken
  await insertOrder(app, 'CCC', '2026-11-20', 'PICKED_UP'); // yesterday, done: free again
  fillDay(app, '2026-11-21', 'PICKED_UP', ['BBB', 'CCC']); // today, even picked up: taken
  t.equal(await pickDisplayCode(db, {}, '2026-11-21', clock), 'CCC', 'the one code neither used today nor waiting');
});

t.test('picks are random, never repeat in a day, and stay one look-up each as the day fills up', async (t) => {
  const app = await buildTestCore(t);
  const db = app.runtime.storage.db;
  const owner = {};
  const picked: string[] = [];
  for (let i = 0; i < 300; i++) {
    const code = await pickDisplayCode(db, owner, '2026-11-21', clock);
    await insertOrder(app, code, '2026-11-21', 'PICKED_UP');
    picked.push(code);
  }
  t.equal(new Set(picked).size, 300, 'no repeats');
  everyOf(t, picked, isDisplayCode, 'every pick is a display code');
  t.not(JSON.stringify(picked), JSON.stringify([...picked].sort()), 'not in sequence');
  // Each code handed out is checked against the orders: one taken meanwhile by another way is not handed out.
  const second = await buildTestCore(t);
  fillDay(second, '2026-11-22', 'PENDING', ['222', '223']);
  const first = await pickDisplayCode(second.runtime.storage.db, owner, '2026-11-22', clock);
  t.ok(['222', '223'].includes(first));
  const other = first === '222' ? '223' : '222';
  await insertOrder(second, first, '2026-11-22', 'PENDING');
  await insertOrder(second, other, '2026-11-22', 'PENDING'); // the next code in line, taken by another way
  await t.rejects(
    pickDisplayCode(second.runtime.storage.db, owner, '2026-11-22', clock),
    UnavailableError,
    'the last free code was taken meanwhile: refused, not shared',
  );
});

t.test('when every code of the day is used, a picked-up code is reused; when all wait, 503', async (t) => {
  const app = await buildTestCore(t);
  const db = app.runtime.storage.db;
  const sqlite = app.runtime.storage.sqlite;
  fillDay(app, '2026-11-21', 'PENDING', ['ZZZ']);
  await insertOrder(app, 'ZZZ', '2026-11-21', 'PICKED_UP');
  const owner = {};
  t.equal(await pickDisplayCode(db, owner, '2026-11-21', clock), 'ZZZ', 'the only code not waiting');
  sqlite.prepare(`update orders set status = 'PENDING' where display_code = 'ZZZ'`).run();
  await t.rejects(pickDisplayCode(db, owner, '2026-11-21', clock), UnavailableError);
  sqlite.prepare(`update orders set status = 'PICKED_UP' where display_code = 'K7P'`).run();
  clock.advance(999);
  await t.rejects(
    pickDisplayCode(db, owner, '2026-11-21', clock),
    UnavailableError,
    'within a second, refused without reading every code again',
  );
  clock.advance(1);
  t.equal(await pickDisplayCode(db, owner, '2026-11-21', clock), 'K7P', 'a second on, a code picked up since is found');
  sqlite.prepare(`update orders set status = 'PENDING' where display_code = 'K7P'`).run();
  await t.rejects(pickDisplayCode(db, owner, '2026-11-21', clock), UnavailableError, 'all waiting again');
  sqlite.prepare(`update orders set status = 'PICKED_UP' where display_code = 'K7Q'`).run();
  clock.advance(-60_000);
  t.equal(
    await pickDisplayCode(db, owner, '2026-11-21', clock),
    'K7Q',
    'a clock set back ends the refusal, not stretches it',
  );
});
