import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import t from 'tap';
import { PACKAGE_ROOT } from '../../src/version.js';

// The CLI takes the contract's lists (the venue's languages, report bucket sizes, the display-code alphabet) from
// src/api, where they are declared once, and nothing of the browser apps (loading the message catalogs would slow
// every `pos` command's start). docs/development.md, "The rooms".

const root = PACKAGE_ROOT;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [join(dir, entry.name)] : [],
  );
}

t.test('src/cli imports nothing of src/web', async (t) => {
  const all = files(join(root, 'src/cli'));
  t.ok(all.length > 20, 'the scan sees the CLI');
  const wrong = all.flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)'/g)]
      .map((match) => relative(join(root, 'src'), resolve(file, '..', match[1] as string)))
      .filter((target) => target.startsWith('web/'))
      .map((target) => `${relative(root, file)} → src/${target}`),
  );
  t.same(wrong, []);
});

t.test('src/cli takes the enums of the contract from src/api, not from core', async (t) => {
  const wrong = files(join(root, 'src/cli')).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/import\s*\{([^}]*)\}\s*from\s*'(\.[^']*\/core\/[^']+)'/g)]
      .filter((match) =>
        /\b(GROUP_BY|DISPLAY_CODE_\w+|ROLES|KEY_SCOPES|LOCALES|ORDER_STATUSES|PAYMENT_METHODS)\b/.test(
          match[1] as string,
        ),
      )
      .map((match) => `${relative(root, file)}: ${match[0]}`),
  );
  t.same(wrong, []);
});
