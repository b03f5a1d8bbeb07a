// Run by `npm test` before tap. tap builds its Test class for the plugins of its config (package.json `tap.plugin`)
// and rebuilds it when they differ, but the runner that notices has already loaded the old build and starts every
// test file with that build's loaders. After `npm ci` the build is tap's default, whose TypeScript plugin loads
// ts-node into each test process next to tsx: about 3 s more CPU per process, the whole suite run that way. So the
// build is brought in line here, before the runner starts; when it already is, this costs a fraction of a second.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { TapConfig } from '@tapjs/config';

const require = createRequire(import.meta.url);
const built = readFileSync(require.resolve('@tapjs/test/test-built'), 'utf8');
const signature = /exports\.signature = `([^`]*)`/.exec(built)?.[1]?.trim();
const wanted = (await TapConfig.load()).pluginSignature;
if (signature !== wanted) {
  process.stderr.write("tap's Test class was built for other plugins: tap build\n");
  const result = spawnSync('npx', ['tap', 'build'], { stdio: 'inherit' });
  process.exit(result.status ?? 1);
}
