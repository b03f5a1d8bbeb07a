import t from 'tap';
import { runGroup } from './helpers/shared-process.js';

// Kill-and-restart rounds of the refunds and the cash sessions, run in one process: see test/helpers/shared-process.ts
// and package.json's testGroups.
await runGroup(t, 'test/crash-files.test.ts');
