import t from 'tap';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { everyOf } from '../helpers/assert.js';
import { PACKAGE_ROOT } from '../../src/version.js';

// Money is converted in one place: the codec of src/api (money.ts and money-codec.ts). Anywhere else, scaling by
// 100 or writing two decimals by hand is a second money rule that drifts from the first (a till that shows 12.5,
// a ticket that rounds differently). Only the codec's files are allowed.

const root = PACKAGE_ROOT;
const ALLOWED = new Set(['src/api/money.ts', 'src/api/money-codec.ts']);
const HAND_MONEY = [
  { name: 'scaling by 100', pattern: /[*/]\s*100(?![\d_.])/ },
  { name: 'two decimals by hand', pattern: /\.toFixed\(\s*2\s*\)/ },
];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

t.test('no money arithmetic outside the codec', async (t) => {
  const files = sources(join(root, 'src')).map((path) => relative(root, path).split('\\').join('/'));
  const checked = files.filter((file) => !ALLOWED.has(file));
  const offences: string[] = [];
  for (const file of checked) {
    readFileSync(join(root, file), 'utf8')
      .split('\n')
      .forEach((line, index) => {
        for (const rule of HAND_MONEY)
          if (rule.pattern.test(line)) offences.push(`${file}:${index + 1} ${rule.name}: ${line.trim()}`);
      });
  }
  t.same(offences, [], 'convert with src/api/money.ts (toCents, centsToDecimal, …) and format with src/i18n');
  everyOf(t, [...ALLOWED], (file) => files.includes(file), 'the allowed files exist (a rename keeps the list short)');
});

t.test('the rule catches what it is meant to', async (t) => {
  const samples = ['Math.round(x * 100)', 'cents / 100', 'value.toFixed(2)', 'euros*100'];
  everyOf(t, samples, (line) => HAND_MONEY.some((rule) => rule.pattern.test(line)), 'a hand conversion is found');
  const fine = ['ms / 1000', 'x * 100_000', 'bytes.toFixed(1)', 'page * 10'];
  everyOf(t, fine, (line) => !HAND_MONEY.some((rule) => rule.pattern.test(line)), 'other arithmetic passes');
});
