import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { tempDir } from '../helpers/app.js';
import { ALL_TILL_FIGURES, runBench, TILL_FIGURES } from '../helpers/bench.js';

// The steps that run alone (`npm run bench -- --only till|cli`), in a file of their own: the rest of the smoke run
// (`--skip till`) is test/bench/smoke.test.ts.

t.test('npm run bench -- --only till measures the till alone', async (t) => {
  const out = join(tempDir(t), 'results.json');
  const run = runBench(out, '--only', 'till');
  t.equal(run.status, 0, run.stderr);
  t.match(run.stdout, /6\. till JS \+ CSS, gzipped\s+[\d.]+ KB/);
  const results = JSON.parse(readFileSync(out, 'utf8')) as { only: string; figures: Record<string, number> };
  t.equal(results.only, 'till');
  t.same(Object.keys(results.figures).sort(), ALL_TILL_FIGURES);
  for (const key of TILL_FIGURES) {
    const value = results.figures[key];
    // The heap's growth is a difference: a collection during a short run can leave the heap below where it began.
    const signed = key === 'till.heapGrowthMb';
    t.ok(Number.isFinite(value) && (signed || value! >= 0), `${key} = ${value}`);
  }
  const wrong = runBench(out, '--only', 'reports');
  t.equal(wrong.status, 1);
  t.match(wrong.stderr, /--only takes "till"/);
  // A mistyped flag stops before anything starts: it never runs the whole bench instead.
  const typo = runBench(out, '--hep');
  t.equal(typo.status, 1);
  t.match(typo.stderr, /Unknown option '--hep'/);
  t.notMatch(typo.stderr, /^bench: ceiling/m, 'no step began');
  const help = runBench(out, '--help');
  t.equal(help.status, 0, help.stderr);
  t.match(help.stdout, /^usage: npm run bench -- \[--smoke\]/);
  t.match(help.stdout, /--only STEP/);
});

t.test('npm run bench -- --only cli measures how soon the CLI answers', async (t) => {
  const out = join(tempDir(t), 'results.json');
  const run = runBench(out, '--only', 'cli');
  t.equal(run.status, 0, run.stderr);
  t.match(run.stdout, /7\. pos --version, median\s+[\d,.]+ ms\s+≤ 150 ms/);
  t.match(run.stdout, /7\. pos printers list against the server, median\s+[\d,.]+ ms\s+≤ 400 ms/);
  const results = JSON.parse(readFileSync(out, 'utf8')) as { figures: Record<string, number> };
  t.same(Object.keys(results.figures).sort(), ['cli.listMs', 'cli.nodeMs', 'cli.versionMs']);
});
