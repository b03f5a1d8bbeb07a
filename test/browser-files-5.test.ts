import t from 'tap';
import { runGroup } from './helpers/shared-process.js';

// The TV at every size, the menu page's choices and a till refund in Chromium, run in one process: see
// test/helpers/shared-process.ts and package.json's testGroups.
await runGroup(t, 'test/browser-files-5.test.ts');
