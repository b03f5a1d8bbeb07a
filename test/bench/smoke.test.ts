import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { tempDir } from '../helpers/app.js';
import { runBench } from '../helpers/bench.js';

// The benchmark at a tiny scale, so it cannot rot: every step runs against the real server and every figure comes
// out as a number. Speed is not judged here (a busy machine must not fail the suite): `npm run bench` does that.
// The till's step (`--only till`, a Chromium and two tills) and the CLI's (`--only cli`) run in
// test/bench/smoke-only.test.ts and step 1 on PostgreSQL (`--only orders`, two clusters) in smoke-orders.test.ts,
// so no file holds a tap slot for long.
t.test('npm run bench -- --smoke measures every figure', async (t) => {
  const out = join(tempDir(t), 'results.json');
  const run = runBench(out, '--skip', 'till,cli,postgres');
  t.equal(run.status, 0, run.stderr);
  t.match(run.stdout, /1\. create-and-confirm\s+[\d,.]+ orders\/s/);
  const results = JSON.parse(readFileSync(out, 'utf8')) as { smoke: boolean; figures: Record<string, number> };
  t.equal(results.smoke, true);
  const expected = [
    'ceiling.requestsPerSecond',
    'orders.perSecond',
    'orders.p50Ms',
    'orders.p99Ms',
    'orders.cpuMsPerOrder',
    'orders.ofCeiling',
    'list.perSecond',
    'list.p99Ms',
    'detail.perSecond',
    'detail.p99Ms',
    'sse.p50Ms',
    'sse.p99Ms',
    'reports.allP50Ms',
    'reports.allP99Ms',
    'reports.hourlyP50Ms',
    'reports.hourlyP99Ms',
    'startup.ms',
    'rss.idleMb',
    'rss.loadMb',
  ];
  for (const key of expected)
    t.ok(Number.isFinite(results.figures[key]) && results.figures[key]! >= 0, `${key} = ${results.figures[key]}`);
  t.ok(results.figures['orders.perSecond']! > 0, 'orders were confirmed');
  t.equal(results.figures['orders.failed'], 0, 'no create-and-confirm failed');
  t.equal(results.figures['sse.missing'], 0, 'every display screen got every confirmed order');
  t.same(
    Object.keys(results.figures).filter((key) => /^(till|cli|orders\.postgres)/.test(key)),
    [],
    '--skip till,cli,postgres left the till, the CLI and PostgreSQL out',
  );
  const wrong = runBench(out, '--skip', 'reports');
  t.equal(wrong.status, 1);
  t.match(wrong.stderr, /--skip takes "till", "cli", "postgres"/);
});
