import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { benchProgram } from '../../bench/lib/program.js';
import { PACKAGE_ROOT } from '../../src/version.js';
import { CHROMIUM } from './browser.js';
import { nodeCommand } from './server.js';

// The benchmark's smoke runs (test/bench/smoke*.test.ts): one file per run, so neither holds a tap slot for long.

/** The till's figures (step 6): the bundle size always; the rest need Debian's Chromium (always there in CI). */
export const ALL_TILL_FIGURES = [
  'till.aloneP95Ms',
  'till.firstLoadMs',
  'till.gzippedKb',
  'till.heapGrowthMb',
  'till.payP50Ms',
  'till.payP95Ms',
  'till.requestP95Ms',
  'till.stressP95Ms',
  'till.stressPerSecond',
  'till.stressRequestP95Ms',
];
export const TILL_FIGURES = existsSync(CHROMIUM) || process.env['CI'] ? ALL_TILL_FIGURES : ['till.gzippedKb'];

/** Step 1 on PostgreSQL: needs Debian's PostgreSQL 15 (always there in CI). */
export const POSTGRES_FIGURES =
  existsSync('/usr/lib/postgresql/15/bin/initdb') || process.env['CI']
    ? ['orders.postgres', 'orders.postgresSync'].flatMap((step) =>
        ['perSecond', 'p50Ms', 'p99Ms', 'cpuMsPerOrder'].map((figure) => `${step}.${figure}`),
      )
    : [];

/** The benchmark's program (bench/run.ts, compiled when this test is) and its arguments for node. */
export function benchCommand(relative: string, args: string[]) {
  const program = benchProgram(relative);
  return nodeCommand([...program.execArgv, program.path, ...args]);
}

export function runBench(out: string, ...args: string[]) {
  return spawnSync(...benchCommand('../run.ts', ['--smoke', '--out', out, ...args]), {
    cwd: PACKAGE_ROOT,
    encoding: 'utf8',
    timeout: 240_000, // a bound for a busy machine: a smoke run takes well under a minute on an idle one
  });
}
