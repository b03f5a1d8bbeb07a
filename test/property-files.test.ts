import t from 'tap';
import { runGroup } from './helpers/shared-process.js';

// The property tests of money and sessions (fast-check over the core or the app in a temp dir),
// run in one process: see test/helpers/shared-process.ts and package.json's testGroups.
await runGroup(t, 'test/property-files.test.ts');
