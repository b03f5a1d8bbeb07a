import t from 'tap';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { everyOf } from '../helpers/assert.js';
import { PACKAGE_ROOT } from '../../src/version.js';

// The clients (till, kitchen screen, TV, dashboard, CLI) choose what they say by the error's code and the stream's
// state values, never by reading the server's English: an Italian till must not fall back to English because a
// sentence changed, and a reworded message must not change what a client does. This fails on any client source
// that matches a server message or a stream reason against text.

const root = PACKAGE_ROOT;
const CLIENTS = ['src/web', 'src/tui', 'src/cli'];

/** Text the server writes that a client might be tempted to look for. */
const SERVER_PHRASES =
  /not available|already (exists|confirmed)|not found|nothing heard|HTTP \\d|sold out|Unauthorized|Forbidden|portions left|is disabled/i;

const RULES = [
  {
    name: 'matches a server message or a stream reason',
    // error.message, body.message, detail['message'], status.reason ... tested, matched or compared
    pattern:
      /\b(error|err|body|detail|details|status|notice|problem)\b\??(\.|\[')(message|reason)\b'?\]?[^\n]*?(\.(test|match|includes|startsWith|endsWith)\(|[!=]==)/,
  },
  {
    name: 'tests text against a regular expression of a server message',
    pattern: /\/([^/\n]|\\\/)+\/[a-z]*\.test\(/,
    phrase: true,
  },
  { name: 'tests a server message with a regular expression', pattern: /\.(test|exec)\([^)]*\b(message|reason)\b/ },
  {
    name: "holds a regular expression of a server's validation wording",
    // a table of the server's sentences (`must not be empty`, `must be at most 100 characters`) to translate from
    pattern: /\/\^?(must (not )?be|is too (large|long)|already\b|same food as|unknown printer)\b/,
  },
];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

function offences(file: string, text: string): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, index) => {
    for (const rule of RULES) {
      const match = rule.pattern.exec(line);
      if (match && (!rule.phrase || SERVER_PHRASES.test(match[0])))
        found.push(`${file}:${index + 1} ${rule.name}: ${line.trim()}`);
    }
  });
  return found;
}

t.test("no client reads the server's English", async (t) => {
  const files = CLIENTS.flatMap((dir) => sources(join(root, dir))).map((path) =>
    relative(root, path).split('\\').join('/'),
  );
  t.ok(files.length > 20, "the clients' sources are read");
  t.same(
    files.flatMap((file) => offences(file, readFileSync(join(root, file), 'utf8'))),
    [],
    'choose by error.code, error.detailCodes, status.cause',
  );
});

t.test('the rules find what they are meant to', async (t) => {
  const wrong = [
    "if (!/not available/.test(String(detail['message'] ?? ''))) continue;",
    "if (/^HTTP \\d+/.test(notice.reason)) return t('x');",
    'const silent = /^nothing heard for (.+)$/.exec(notice.reason); if (/^nothing heard/.test(x)) {}',
    "if (error.message.includes('already exists')) setText(t('taken'));",
    "if (body.message === 'Unauthorized') logout();",
    "  [/^must be at most (\\d+) characters$/, (t, m) => t('console.said.tooLong', { max: m[1] ?? '' })],",
    "  [/^must not be empty$/, (t) => t('console.said.empty')],",
    'const twice = /^same food as foods\\.(\\d+)$/.exec(detail.message);',
    'const match = pattern.exec(message);',
    "  [/already (exists|taken)|is taken/i, (t) => t('console.said.taken')],",
  ];
  everyOf(t, wrong, (line) => offences('sample.ts', line).length > 0, 'reading English is found');
  const fine = [
    "if (error instanceof ApiError && error.code === 'food-unavailable') show();",
    'const index = /^body\\.orderItems\\.(\\d+)\\.foodId$/.exec(detail.path)?.[1];',
    'return /^\\d{1,7}$/.test(value) ? value : null;',
    "setMessage(t('orders.failed', { reason }));",
    "if (detail.code === 'duplicate-food') problem = t('import.twice', { other: detail.other });",
  ];
  everyOf(t, fine, (line) => offences('sample.ts', line).length === 0, 'choosing by code passes');
});
