import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { hashPassword, passwordCost, TEST_CHEAP_HASH_VARIABLE, verifyPassword } from '../../src/core/auth/passwords.js';
import { PACKAGE_ROOT } from '../../src/version.js';

// The test suite hashes passwords at a lower scrypt cost (package.json's test script sets the variable); anything
// else, `pos serve` on a venue's machine included, hashes at the full cost.

t.test('the full cost unless the variable says otherwise', async (t) => {
  t.equal(passwordCost({}).N, 16384, 'no variable: the full cost');
  t.equal(passwordCost({ [TEST_CHEAP_HASH_VARIABLE]: '' }).N, 16384, 'empty: the full cost');
  t.equal(passwordCost({ [TEST_CHEAP_HASH_VARIABLE]: 'yes' }).N, 16384, 'only "1" lowers it');
  t.equal(passwordCost({ [TEST_CHEAP_HASH_VARIABLE]: '1' }).N, 1024, 'the suite: the cheap cost');
  const made = await hashPassword('cassa-uno-2026');
  t.match(made, new RegExp(`^scrypt\\$${passwordCost().N}\\$8\\$1\\$`), 'a hash names the cost it was made with');
  t.ok(await verifyPassword('cassa-uno-2026', made));
  t.notOk(await verifyPassword('cassa-uno-2027', made));
});

t.test('a hash of either cost verifies whatever the current one', async (t) => {
  // Made with Node's scrypt at the full cost, as a venue's database holds them.
  const { scryptSync } = await import('node:crypto');
  const salt = Buffer.from('0123456789abcdef');
  const full = scryptSync('segreto', salt, 32, { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
  const stored = ['scrypt', 16384, 8, 1, salt.toString('base64'), full.toString('base64')].join('$');
  t.ok(await verifyPassword('segreto', stored), 'a full-cost hash verifies');
  t.notOk(await verifyPassword('Segreto', stored));
});

t.test('only the test script sets the variable; in the program only the hashing reads it', async (t) => {
  const scripts = JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')).scripts as Record<
    string,
    string
  >;
  t.same(
    Object.keys(scripts).filter((name) => scripts[name]?.includes(TEST_CHEAP_HASH_VARIABLE)),
    ['test'],
    'npm test only',
  );
  const naming: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(PACKAGE_ROOT, dir), { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (readFileSync(join(PACKAGE_ROOT, path), 'utf8').includes(TEST_CHEAP_HASH_VARIABLE)) naming.push(path);
    }
  };
  for (const dir of ['src', 'bin', 'migrations', 'examples']) walk(dir);
  t.same(naming, [join('src', 'core', 'auth', 'passwords.ts')]);
});
