import t from 'tap';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { PACKAGE_ROOT } from '../src/version.js';

// The repository stands alone: a comment says why in place, or points to the project's own docs (docs/api.md and
// friends). Documents a maintainer who clones pos does not have (the service interface's sections, the design notes
// it was built from, numbered issues, the spec's release numbers) are never cited, so a rule is never only "there".

const root = PACKAGE_ROOT;
const self = 'test/stands-alone.test.ts';
const FOLDERS = ['src', 'test', 'bench', 'migrations'];
const SOURCE = /\.(ts|tsx|js|mjs|css|html)$/;

/** What a citation of a document outside the repository looks like. */
const CITATIONS: Array<[string, RegExp]> = [
  ['a section of the interface', /interface\s*§|§\s*\d/i],
  ['a document of the spec', /\b(interface|decisions|venue-apps)\.md\b/i],
  ['the design notes', /\bdecisions\b/i],
  ['a numbered issue', /\bissues?\s+#?\d+/i],
  [
    'a release of the spec',
    /\breleases?\s+\d+\.\d+|\((?:extension, )?1\.\d(?:\.\d)?(?: events)?\)|\b(?:before|since|than|after) 1\.\d\b/i,
  ],
];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'golden' ? [] : sources(path);
    return SOURCE.test(entry.name) ? [path] : [];
  });
}

/** Every line of `text` that cites an outside document, as `file:line: what: the line`. */
function citationsIn(file: string, text: string): string[] {
  return text.split('\n').flatMap((line, index) => {
    const found = CITATIONS.find(([, pattern]) => pattern.test(line));
    return found ? [`${file}:${index + 1}: ${found[0]}: ${line.trim()}`] : [];
  });
}

t.test('the rule catches each kind of citation', async (t) => {
  const samples = [
    '// Per line (interface §2.9).',
    '// The role table of interface.md.',
    '/** At least 24 hours (decisions: Idempotency). */',
    '// Kitchen stations (issue 16).',
    '// Release 1.7: the receipt alone.',
    '/** Extension (1.7): why it is in ERROR. */',
    "t.equal(reason, null, 'an event of a server before 1.7 has no reason');",
  ];
  for (const sample of samples) t.equal(citationsIn('x.ts', sample).length, 1, `caught: ${sample}`);
  t.same(
    citationsIn('x.ts', "const amounts = ['1.5', 1.5, '0.001'];\n// Prices (docs/api.md, \"Prices\")."),
    [],
    'numbers and the project docs are no citation',
  );
});

t.test('no source, test, bench or migration cites a document the repository does not have', async (t) => {
  const files = FOLDERS.flatMap((folder) => sources(join(root, folder))).filter(
    (path) => relative(root, path) !== self,
  );
  t.ok(files.length > 100, `the walk found the sources (${files.length})`);
  const found = files.flatMap((path) => citationsIn(relative(root, path), readFileSync(path, 'utf8')));
  t.same(found, [], 'say why in place, or point to docs/ (write the rule there if it is missing)');
});

// The docs are the project's own words too: they name no outside document and no release of it (the word
// "decisions" is plain English there, so that one pattern stays for code comments).
t.test('the docs and the README cite no document the repository does not have', async (t) => {
  const docs = readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => join(root, 'docs', name));
  const files = [...docs, join(root, 'README.md')];
  t.ok(files.length > 10, `the walk found the docs (${files.length})`);
  const rules = CITATIONS.filter(([what]) => what !== 'the design notes');
  const found = files.flatMap((path) =>
    readFileSync(path, 'utf8')
      .split('\n')
      .flatMap((line, index) => {
        const hit = rules.find(([, pattern]) => pattern.test(line));
        return hit ? [`${relative(root, path)}:${index + 1}: ${hit[0]}: ${line.trim()}`] : [];
      }),
  );
  t.same(found, [], 'say it in the project’s own words');
});
