import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { tempDir } from '../helpers/app.js';
import { runBench } from '../helpers/bench.js';

// A step run alone (`npm run bench -- --only cli`), in a file of their own: the whole smoke run, the till's step
// included, is test/bench/smoke.test.ts. `--only till` chooses its step the same way and is not run twice here: the
// till's step is the costliest of the smoke run (a Chromium and two tills).

t.test('npm run bench -- --only cli measures how soon the CLI answers', async (t) => {
  const out = join(tempDir(t), 'results.json');
  const run = runBench(out, '--only', 'cli');
  t.equal(run.status, 0, run.stderr);
  t.match(run.stdout, /7\. pos --version, median\s+[\d,.]+ ms\s+≤ 150 ms/);
  t.match(run.stdout, /7\. pos printers list against the server, median\s+[\d,.]+ ms\s+≤ 400 ms/);
  const results = JSON.parse(readFileSync(out, 'utf8')) as { figures: Record<string, number> };
  t.same(Object.keys(results.figures).sort(), ['cli.listMs', 'cli.nodeMs', 'cli.versionMs']);
  const wrong = runBench(out, '--only', 'reports');
  t.equal(wrong.status, 1);
  t.match(wrong.stderr, /--only takes "till"/);
});
