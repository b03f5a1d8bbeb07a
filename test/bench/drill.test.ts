import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { pgAvailable } from '../../bench/lib/pg-cluster.js';
import { PACKAGE_ROOT } from '../../src/version.js';
import { tempDir } from '../helpers/app.js';
import { benchCommand } from '../helpers/bench.js';

// The failover drill once, short: a primary and its synchronous standby, two real pos on both hosts, four tills;
// the primary gets SIGKILL, the standby is promoted, and pos must follow it by itself (no --restart-pos). Every
// acknowledged order must be in the new primary exactly once, and the tills must have sold again after the
// promotion. The checking logic's own cases are in drill-check.test.ts.

const skip =
  !pgAvailable() && !process.env['CI'] && 'PostgreSQL 15 is not installed (/usr/lib/postgresql/15/bin); CI installs it';

t.test('npm run drill: no acknowledged order lost or doubled across a failover', { skip }, async (t) => {
  const out = join(tempDir(t), 'drill.json');
  const drill = ['--before', '3', '--after', '3', '--tills', '4', '--out', out];
  const run = spawnSync(...benchCommand('../drill.ts', drill), {
    cwd: PACKAGE_ROOT,
    encoding: 'utf8',
    timeout: 240_000, // a bound for a busy machine: the drill takes about half a minute
  });
  t.equal(run.status, 0, `the drill passed:\n${run.stdout}\n${run.stderr.slice(-4000)}`);
  t.match(run.stdout, /^PASSED$/m);
  const { figures, options } = JSON.parse(readFileSync(out, 'utf8')) as {
    figures: Record<string, number>;
    options: { restartPos: boolean };
  };
  t.equal(options.restartPos, false, 'pos was not restarted');
  t.ok(figures['acked']! > 0, `orders were acknowledged (${figures['acked']})`);
  for (const key of ['lost', 'doubled', 'changed', 'ticketDuplicates', 'ticketGaps', 'codeDuplicates', 'unsettled'])
    t.equal(figures[key], 0, key);
  t.equal(figures['posExitedByThemselves'], 0, 'no pos exited at the primary death');
  t.ok(Number.isFinite(figures['soldAgainAfterPromotionSeconds']), 'the tills sold again after the promotion');
});

t.test('npm run drill: --help, and a bad option stops it before any cluster starts', async (t) => {
  const drill = (...args: string[]) =>
    spawnSync(...benchCommand('../drill.ts', args), { cwd: PACKAGE_ROOT, encoding: 'utf8', timeout: 60_000 });
  const help = drill('--help');
  t.equal(help.status, 0, help.stderr);
  t.match(help.stdout, /^usage: npm run drill -- \[options\]/);
  t.match(help.stdout, /--stop kill\|immediate\|freeze/);
  for (const [args, said] of [
    [['--tils', '4'], /Unknown option '--tils'/],
    [['--tills', 'four'], /--tills takes a whole number of at least 1/],
    [['--before=-1'], /--before takes seconds, 0 or more/],
    [['--stop', 'unplug'], /--stop takes kill, immediate or freeze/],
  ] as const) {
    const run = drill(...args);
    t.equal(run.status, 2, args.join(' '));
    t.match(run.stderr, said);
    t.notMatch(run.stderr, /a primary \(laptop1\)/, 'no cluster started');
  }
});
