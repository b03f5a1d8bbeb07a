import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { tempDir } from '../helpers/app.js';
import { ALL_TILL_FIGURES, runBench, TILL_FIGURES } from '../helpers/bench.js';

// Step 6 alone (`npm run bench -- --only till`), in its own file: the whole smoke run is test/bench/smoke.test.ts.

t.test('npm run bench -- --only till measures the till alone', async (t) => {
  const out = join(tempDir(t), 'results.json');
  const run = runBench(out, '--only', 'till');
  t.equal(run.status, 0, run.stderr);
  t.match(run.stdout, /6\. till JS \+ CSS, gzipped\s+[\d.]+ KB/);
  const results = JSON.parse(readFileSync(out, 'utf8')) as { only: string; figures: Record<string, number> };
  t.equal(results.only, 'till');
  t.same(Object.keys(results.figures).sort(), ALL_TILL_FIGURES);
  for (const key of TILL_FIGURES)
    t.ok(Number.isFinite(results.figures[key]) && results.figures[key]! >= 0, `${key} = ${results.figures[key]}`);
  const wrong = runBench(out, '--only', 'reports');
  t.equal(wrong.status, 1);
  t.match(wrong.stderr, /--only takes "till"/);
});
