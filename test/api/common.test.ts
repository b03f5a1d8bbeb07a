import t from 'tap';
import {
  booleanQuery,
  cuid,
  decimalInteger,
  includeQuery,
  isExactCents,
  moneyInput,
  optionalText,
  repeatable,
  text,
  upperOrLowerCase,
} from '../../src/api/common.js';
import { CUID_PATTERN, isCuid } from '../../src/api/ids.js';
import { centsToDecimal, MAX_CENTS, toCents } from '../../src/api/money.js';
import { cuid as newId } from '../../src/core/ids.js';

// The building blocks of the contract at their edges: money (exact cents, no float tolerance), ids, integers as
// plain digits, flags, lists.

t.test('money: at most 2 decimals exactly, never negative, at most a million', async (t) => {
  for (const [value, cents] of [
    [0, 0],
    [0.01, 1],
    [0.07, 7],
    [0.1, 10],
    [0.29, 29],
    [7, 700],
    [7.5, 750],
    [12.34, 1234],
    [999999.99, 99999999],
    [1_000_000, MAX_CENTS],
  ] as const) {
    t.equal(moneyInput.parse(value), cents, `${value} → ${cents} cents`);
  }
  t.equal(Object.is(moneyInput.parse(-0), 0), true, '-0 is 0 cents');
  for (const value of [
    7.000000001,
    0.001,
    0.005,
    12.345,
    0.1 + 0.2,
    1e-7,
    1_000_000.01,
    -0.01,
    -1,
    Number.NaN,
    Number.POSITIVE_INFINITY,
  ]) {
    t.notOk(moneyInput.safeParse(value).success, `${value} is refused`);
  }
  t.notOk(moneyInput.safeParse('7.50').success, 'a string is not an amount');
  t.notOk(moneyInput.safeParse(null).success);
});

t.test('every cents amount written with 2 decimals round-trips exactly', async (t) => {
  let wrong = 0;
  let checked = 0;
  for (let cents = 0; cents <= MAX_CENTS; cents += cents < 100_000 ? 1 : 9973) {
    const value = Number(centsToDecimal(cents)); // what JSON.parse makes of "12.34"
    checked++;
    if (!isExactCents(value) || toCents(value) !== cents) wrong++;
  }
  t.ok(checked > 100_000, `${checked} amounts checked`);
  t.equal(wrong, 0, 'none is refused or changed');
});

t.test('centsToDecimal has exactly 2 decimals and a sign for negatives', async (t) => {
  t.same([0, 5, 50, 1250, 100, -5, -1250, MAX_CENTS].map(centsToDecimal), [
    '0.00',
    '0.05',
    '0.50',
    '12.50',
    '1.00',
    '-0.05',
    '-12.50',
    '1000000.00',
  ]);
});

t.test('ids: c and 24 lowercase base36 characters; the server makes only those', async (t) => {
  t.ok(cuid.safeParse('c0123456789abcdefghijklmn').success);
  for (const bad of [
    'C0123456789abcdefghijklmn',
    'c0123456789ABCDEFGHIJKLMN',
    'c0123456789abcdefghijklm',
    'c0123456789abcdefghijklmno',
    'x0123456789abcdefghijklmn',
    'c0123456789abcdefghijklm-',
    ' c0123456789abcdefghijklmn',
    '',
    '1',
  ]) {
    t.notOk(cuid.safeParse(bad).success, JSON.stringify(bad));
    t.notOk(isCuid(bad));
  }
  t.notOk(cuid.safeParse(42).success, 'a number is not an id');
  const made = Array.from({ length: 200 }, newId);
  t.ok(
    made.length > 0 && made.every((id) => CUID_PATTERN.test(id) && cuid.safeParse(id).success),
    'generated ids pass',
  );
  t.equal(new Set(made).size, made.length, 'and differ');
});

t.test('integers in paths and queries: plain decimal digits within bounds', async (t) => {
  const page = decimalInteger({ min: 1, max: 100 });
  t.equal(page.parse('1'), 1);
  t.equal(page.parse('100'), 100);
  for (const bad of ['0', '101', '01', '+1', '-1', '1e0', '0x1', '1.0', ' 1', '1 ', '', '１', '1_0'])
    t.notOk(page.safeParse(bad).success, JSON.stringify(bad));
  const id = decimalInteger({ min: 1, max: Number.MAX_SAFE_INTEGER, message: 'must be an order number' });
  t.equal(id.parse(String(Number.MAX_SAFE_INTEGER)), Number.MAX_SAFE_INTEGER);
  t.notOk(id.safeParse('9007199254740992').success, 'past the safe integers');
  t.notOk(id.safeParse('12345678901234567').success, '17 digits');
  const refused = id.safeParse('x');
  t.equal(refused.success ? '' : refused.error.issues[0]?.message, 'must be an order number');
  const zero = decimalInteger({ min: 0, max: 5 });
  t.equal(zero.parse('0'), 0, 'a lone zero is plain digits');
});

t.test('flags, repeatable parameters and include lists', async (t) => {
  t.equal(booleanQuery.parse('true'), true);
  t.equal(booleanQuery.parse('false'), false);
  for (const bad of ['TRUE', '1', 'yes', '']) t.notOk(booleanQuery.safeParse(bad).success, JSON.stringify(bad));
  const statuses = repeatable(text(10));
  t.same(statuses.parse('a'), ['a']);
  t.same(statuses.parse(['a', 'b']), ['a', 'b']);
  const include = includeQuery(['items', 'stations'] as const);
  t.same(include.parse('items, stations'), ['items', 'stations']);
  t.same(include.parse('items,,'), ['items']);
  t.notOk(include.safeParse('items,prices').success, 'an unknown part is refused');
});

t.test('text is trimmed and bounded; optional text may be empty', async (t) => {
  const name = text(5);
  t.equal(name.parse('  Rossi  '), 'Rossi');
  t.notOk(name.safeParse('   ').success, 'blank is empty');
  t.notOk(name.safeParse('Rossini').success, 'too long');
  t.equal(optionalText(3).parse(''), '');
  t.notOk(optionalText(3).safeParse('abcd').success);
});

t.test('text refuses control and bidi characters and what is blank to the eye; a note may be empty', async (t) => {
  const name = text(20);
  for (const code of [0x00, 0x07, 0x0a, 0x1b, 0x1f, 0x7f, 0x80, 0x9b, 0x9f, 0x202a, 0x202e, 0x2066, 0x2069]) {
    t.notOk(name.safeParse(`a${String.fromCodePoint(code)}b`).success, `U+${code.toString(16).padStart(4, '0')}`);
  }
  for (const blank of ['', ' ', '\u200b', '\u200c\u200d', '\ufeff\u2060', '\u00a0\u3000\u2003']) {
    t.notOk(name.safeParse(blank).success, `${JSON.stringify(blank)} is empty`);
    if (blank !== '')
      t.notOk(text(20, { mayBeEmpty: true }).safeParse(blank).success, `${JSON.stringify(blank)}: not even as a note`);
  }
  t.equal(text(20, { mayBeEmpty: true }).parse(''), '', 'no note');
  for (const fine of ['Rossi', 'Müller', 'دانيال', '李雷', '😀', 'A\u200b1', 'tab\u00a0le'])
    t.equal(name.parse(fine), fine);
});

t.test('enum values: as written or all lower case, nothing else', async (t) => {
  const status = upperOrLowerCase(['PENDING', 'PICKED_UP'] as const);
  t.equal(status.parse('PICKED_UP'), 'PICKED_UP');
  t.equal(status.parse('picked_up'), 'PICKED_UP');
  for (const bad of ['pıcked_up', 'Picked_Up', 'PİCKED_UP', 'pending ', 'PENDİNG', 'pendinG', '']) {
    t.notOk(status.safeParse(bad).success, JSON.stringify(bad));
  }
});
