import t from 'tap';
import { runGroup } from './helpers/shared-process.js';

// The pickup counter, the waiter and the menu page in Chromium, run in one process: see test/helpers/shared-process.ts
// and package.json's testGroups.
await runGroup(t, 'test/browser-files-4.test.ts');
