import t from 'tap';
import { runGroup } from './helpers/shared-process.js';

// The CLI files that start the real executable, and short end-to-end CLI files, run in one process: see
// test/helpers/shared-process.ts and package.json's testGroups.
await runGroup(t, 'test/cli-e2e-files-3.test.ts');
