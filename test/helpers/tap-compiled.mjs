// `npm test`'s tap run, on tsc's output: `npm run compile` has just written every test to dist/ (same path, .js),
// and plain node runs those without the tsx loader each TypeScript file needs, about a second of CPU less per
// process. The files are the ones tap's config lists (`tap list`, from the sources, so a stale file in dist/ never
// runs); a group holding files tsc does not compile (the browser apps' component tests, which Vite bundles) runs
// from its source through tsx. Options are passed on to tap (`npm test -- --reporter=tap`); the files are always
// the whole list. The browser files share one Chromium, started here for the whole run.
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const tap = join(root, 'node_modules', '.bin', 'tap');
const compiledOf = (file) => join('dist', file.replace(/\.tsx?$/, '.js'));
const compiles = (file) => existsSync(join(root, compiledOf(file)));

const listed = spawnSync(tap, ['list'], { cwd: root, encoding: 'utf8' });
if (listed.status !== 0) {
  process.stderr.write(listed.stderr);
  process.exit(listed.status ?? 1);
}
const { testGroups } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const files = listed.stdout
  .split('\n')
  .filter(Boolean)
  .map((file) => (compiles(file) && (testGroups[file] ?? []).every(compiles) ? compiledOf(file) : file));
const startedAt = Date.now();
const browser = await sharedBrowser();
const run = spawn(tap, [...process.argv.slice(2), ...files], {
  cwd: root,
  stdio: 'inherit',
  env: browser ? { ...process.env, POS_TEST_BROWSER: browser.wsEndpoint() } : process.env,
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => run.kill(signal));
const [code] = await once(run, 'exit');
await browser?.close();
if (code !== 0) printFailures(startedAt);
process.exit(code ?? 1);

/**
 * The failed checks again, at the very end: a CI log is often read from its tail, where tap's summary says only how
 * many failed. Each is its file, its line and the diagnostics tap wrote under it, from this run's result files.
 */
function printFailures(since) {
  const resultsDir = join(root, '.tap', 'test-results');
  const failures = [];
  for (const file of resultFiles(resultsDir)) {
    if (statSync(file).mtimeMs < since) continue;
    const lines = readFileSync(file, 'utf8').split('\n');
    lines.forEach((line, at) => {
      if (!/^\s*not ok /.test(line)) return;
      const indent = line.search(/\S/);
      const details = [];
      for (let next = at + 1; next < lines.length && details.length < 30; next++) {
        const below = lines[next];
        if (below.trim() && below.search(/\S/) <= indent) break;
        details.push(below);
      }
      failures.push([`${relative(resultsDir, file)}: ${line.trim()}`, ...details].join('\n'));
    });
  }
  if (failures.length === 0) return;
  process.stdout.write(`\n# What failed (${failures.length}):\n${failures.slice(0, 20).join('\n')}\n`);
}

function resultFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? resultFiles(path) : path.endsWith('.tap') ? [path] : [];
  });
}

/**
 * One Chromium for the whole run (test/helpers/browser.ts connects each test process to it), started here, where
 * it outlives every file; none when Chromium is not installed (the browser tests then skip, or fail in CI).
 */
async function sharedBrowser() {
  const { CHROMIUM, CHROMIUM_LAUNCH } = await import(
    pathToFileURL(join(root, 'dist', 'test', 'helpers', 'browser.js')).href
  );
  if (!existsSync(CHROMIUM)) return null;
  const { chromium } = await import('playwright-core');
  return chromium.launchServer(CHROMIUM_LAUNCH);
}
