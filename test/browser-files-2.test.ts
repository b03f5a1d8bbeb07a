import t from 'tap';
import { runGroup } from './helpers/shared-process.js';

// More of the till's journeys and the docs page in Chromium, run in one process: see test/helpers/shared-process.ts and
// package.json's testGroups.
await runGroup(t, 'test/browser-files-2.test.ts');
