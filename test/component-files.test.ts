import t from 'tap';
import { runGroup } from './helpers/shared-process.js';

// The browser apps' component tests (src/web/**/*.test.tsx: React on happy-dom's DOM, which each file imports first
// and which is made once per process), run in one process: see test/helpers/shared-process.ts and package.json's
// testGroups. Each file's afterEach only unmounts what Testing Library rendered, harmless to the others' tests.
await runGroup(t, 'test/component-files.test.ts');
