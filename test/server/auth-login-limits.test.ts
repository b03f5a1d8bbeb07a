import t from 'tap';
import { LoginLimiter } from '../../src/core/auth/login-limiter.js';
import { ManualClock } from '../../src/core/clock.js';
import { TooManyRequestsError } from '../../src/core/errors.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';

// The login limit (docs/api.md, "Authentication") holds under parallel guessing (an attempt is counted before the
// password check), and a limit per address stops a spray over many usernames; failures from other addresses never
// refuse a device that never failed.

function login(app: TestApp, username: string, password: string, address = '127.0.0.1') {
  return app.runtime.app.inject({
    method: 'POST',
    url: '/v1/auth/login',
    remoteAddress: address,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ username, password }),
  });
}

async function withUser(app: TestApp, username = 'anna', password = 'pizza-margherita') {
  const created = await app.request({
    method: 'POST',
    url: '/v1/users',
    body: { username, password, role: 'operator' },
  });
  if (created.statusCode !== 201) throw new Error(created.body);
}

const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((acc, s) => {
    acc[s] = (acc[s] ?? 0) + 1;
    return acc;
  }, {});

t.test(
  '40 parallel wrong passwords for one user: 5 reach the password check, 35 are 429 with Retry-After',
  async (t) => {
    const app = await buildTestApp(t);
    await withUser(app);
    const responses = await Promise.all(Array.from({ length: 40 }, (_, i) => login(app, 'anna', `guess-${i}`)));
    t.same(tally(responses.map((r) => r.statusCode)), { 401: 5, 429: 35 });
    for (const limited of responses.filter((r) => r.statusCode === 429)) {
      t.ok(Number(limited.headers['retry-after']) > 0, 'Retry-After');
      t.match(limited.json(), {
        statusCode: 429,
        code: 'rate-limited',
        error: 'Too Many Requests',
        message: /try again in \d+ s/,
      });
    }
  },
);

t.test('a parallel burst that contains the right password does not log in past the limit', async (t) => {
  const app = await buildTestApp(t);
  await withUser(app);
  const guesses = Array.from({ length: 40 }, (_, i) => (i === 20 ? 'pizza-margherita' : `guess-${i}`));
  const responses = await Promise.all(guesses.map((password) => login(app, 'anna', password)));
  t.equal(responses[20]!.statusCode, 429, 'the right password came after the limit: refused');
  t.notOk(
    responses.some((r) => r.statusCode === 200),
    'nobody logged in',
  );
  t.same(tally(responses.map((r) => r.statusCode)), { 401: 5, 429: 35 });
});

t.test('a success takes its attempt back and clears the failures of that user and address', async (t) => {
  const app = await buildTestApp(t);
  await withUser(app);
  for (let i = 0; i < 4; i++) t.equal((await login(app, 'anna', `wrong-${i}`)).statusCode, 401);
  t.equal((await login(app, 'anna', 'pizza-margherita')).statusCode, 200);
  for (let i = 0; i < 5; i++)
    t.equal((await login(app, 'anna', `wrong-again-${i}`)).statusCode, 401, 'five fresh tries');
  t.equal((await login(app, 'anna', 'pizza-margherita')).statusCode, 429, 'then the limit');
  t.equal(
    (await login(app, 'anna', 'pizza-margherita', '10.0.0.7')).statusCode,
    200,
    'the same user from another tablet is not locked out',
  );
});

t.test('one address spraying many usernames is stopped after 20 failures; other addresses are not', async (t) => {
  const app = await buildTestApp(t);
  await withUser(app);
  const sprayed = await Promise.all(
    Array.from({ length: 25 }, (_, i) => login(app, `user-${i}`, 'password-123', '192.168.1.66')),
  );
  t.same(tally(sprayed.map((r) => r.statusCode)), { 401: 20, 429: 5 });
  t.match(sprayed.find((r) => r.statusCode === 429)!.json(), { message: /from this address/ });
  t.equal(
    (await login(app, 'anna', 'pizza-margherita', '192.168.1.66')).statusCode,
    429,
    'even a right password from that address waits',
  );
  t.equal(
    (await login(app, 'anna', 'pizza-margherita', '192.168.1.20')).statusCode,
    200,
    'the cashier at another address logs in',
  );
  app.clock.advance(15 * 60_000 + 1000);
  t.equal((await login(app, 'anna', 'pizza-margherita', '192.168.1.66')).statusCode, 200, 'the window passes');
});

t.test('200 failed logins from ten other addresses lock nobody out of a device that never failed', async (t) => {
  const app = await buildTestApp(t);
  await withUser(app);
  for (let a = 0; a < 10; a++) {
    const tries = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login(app, `user-${i}`, 'password-123', `10.0.${a}.9`)),
    );
    t.same(tally(tries.map((r) => r.statusCode)), { 401: 20 }, `address ${a}: 20 failures, each reaching the check`);
  }
  t.equal((await login(app, 'anna', 'pizza-margherita', '10.0.99.1')).statusCode, 200, 'the cashier logs in');
  t.equal((await login(app, 'anna', 'pizza-margherita', '10.0.0.9')).statusCode, 429, 'a failing address still waits');
});

t.test('the limiter: no ceiling across addresses, and Retry-After counts to the slot that frees', async (t) => {
  const clock = new ManualClock('2026-11-21T17:00:00Z');
  const limiter = new LoginLimiter(clock, { perUserAndAddress: 5, perAddress: 3, windowMs: 15 * 60_000 });
  for (let i = 0; i < 1000; i++) limiter.begin(`user-${i % 7}`, `10.0.${i % 250}.${Math.floor(i / 250)}`);
  t.doesNotThrow(() => limiter.begin('anna', '10.9.9.9'), '1000 failures elsewhere refuse no fresh address');
  for (let i = 0; i < 2; i++) {
    clock.advance(1000);
    limiter.begin(`someone-${i}`, '10.9.9.9');
  }
  const refused = (() => {
    try {
      limiter.begin('anna', '10.9.9.9');
      return null;
    } catch (error) {
      return error;
    }
  })();
  t.ok(refused instanceof TooManyRequestsError, 'the 4th failure from one address is refused');
  t.match((refused as TooManyRequestsError).message, /from this address/);
  t.equal(
    (refused as TooManyRequestsError).retryAfterSeconds,
    15 * 60 - 2,
    'until the oldest failure leaves the window',
  );
  clock.advance((15 * 60 - 2) * 1000 + 1);
  t.doesNotThrow(() => limiter.begin('anna', '10.9.9.9'), 'one slot freed');
  t.throws(() => limiter.begin('anna', '10.9.9.9'), TooManyRequestsError, 'and taken again');

  // A success gives its slot back.
  const fresh = new LoginLimiter(clock, { perUserAndAddress: 5, perAddress: 2, windowMs: 60_000 });
  fresh.begin('a', '1.1.1.1').succeeded();
  fresh.begin('b', '1.1.1.1').succeeded();
  fresh.begin('c', '1.1.1.1');
  t.doesNotThrow(() => fresh.begin('d', '1.1.1.1'), 'successes do not count');
  t.throws(() => fresh.begin('e', '1.1.1.1'), TooManyRequestsError, 'failures do');
});
