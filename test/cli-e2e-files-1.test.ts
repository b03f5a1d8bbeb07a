import t from 'tap';
import { runGroup } from './helpers/shared-process.js';

// End-to-end CLI files against a real server, run in one process: see test/helpers/shared-process.ts and package.json's
// testGroups.
await runGroup(t, 'test/cli-e2e-files-1.test.ts');
