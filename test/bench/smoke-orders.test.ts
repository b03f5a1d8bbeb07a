import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { tempDir } from '../helpers/app.js';
import { POSTGRES_FIGURES, runBench } from '../helpers/bench.js';

// Step 1 alone on both engines (`npm run bench -- --only orders`): the whole smoke run leaves its PostgreSQL half
// out (`--skip postgres`, test/bench/smoke.test.ts), since two throwaway clusters and their servers are most of
// its time.
t.test('npm run bench -- --only orders measures create-and-confirm on both engines', async (t) => {
  const out = join(tempDir(t), 'results.json');
  const run = runBench(out, '--only', 'orders');
  t.equal(run.status, 0, run.stderr);
  t.match(run.stdout, /1\. create-and-confirm\s+[\d,.]+ orders\/s/);
  const results = JSON.parse(readFileSync(out, 'utf8')) as { only: string; figures: Record<string, number> };
  t.equal(results.only, 'orders');
  const sqlite = ['orders.perSecond', 'orders.p50Ms', 'orders.p99Ms', 'orders.cpuMsPerOrder'];
  for (const key of [...sqlite, ...POSTGRES_FIGURES])
    t.ok(Number.isFinite(results.figures[key]) && results.figures[key]! >= 0, `${key} = ${results.figures[key]}`);
  t.ok(results.figures['orders.perSecond']! > 0, 'orders were confirmed on SQLite');
  t.equal(results.figures['orders.failed'], 0, 'none failed on SQLite');
  if (POSTGRES_FIGURES.length > 0) {
    t.ok(results.figures['orders.postgres.perSecond']! > 0, 'orders were confirmed on PostgreSQL');
    t.equal(results.figures['orders.postgres.failed'], 0, 'none failed on PostgreSQL');
    t.ok(results.figures['orders.postgresSync.perSecond']! > 0, 'orders were confirmed with a synchronous standby');
    t.equal(results.figures['orders.postgresSync.failed'], 0, 'none failed with a synchronous standby');
  }
  t.notOk('list.perSecond' in results.figures, 'the other steps did not run');
});
