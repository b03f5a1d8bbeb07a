import t from 'tap';
import { parseMoney } from '../../src/cli/resolve.js';

// The till takes "8,00" as a volunteer types it in Italy; every money flag of the CLI takes it too.

t.test('a money flag takes a decimal point or a decimal comma, in cents', async (t) => {
  const cases: Array<[string, number]> = [
    ['8', 800],
    ['8.00', 800],
    ['8,00', 800],
    ['8,5', 850],
    [' 7,50 ', 750],
    ['0,05', 5],
    ['1234,50', 123450],
  ];
  for (const [text, value] of cases) t.equal(parseMoney(text, '--price'), value, `"${text}"`);
});

t.test('anything else is refused in words, naming the flag and both ways to write it', async (t) => {
  for (const text of ['8,001', '8.', ',5', '8,00,00', '1.234,50', '-1', 'eight', '', '8 00']) {
    const message = /--price must be an amount such as 7\.50 or 7,50/;
    t.throws(() => parseMoney(text, '--price'), { message }, `"${text}"`);
  }
});
