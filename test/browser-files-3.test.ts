import t from 'tap';
import { runGroup } from './helpers/shared-process.js';

// The TV's screens in Chromium, run in one process: see test/helpers/shared-process.ts and package.json's testGroups.
await runGroup(t, 'test/browser-files-3.test.ts');
