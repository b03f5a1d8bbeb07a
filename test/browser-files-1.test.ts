import t from 'tap';
import { runGroup } from './helpers/shared-process.js';

// The till's shorter journeys in Chromium, run in one process: see test/helpers/shared-process.ts and package.json's
// testGroups.
await runGroup(t, 'test/browser-files-1.test.ts');
