import t from 'tap';
import { runGroup } from './helpers/shared-process.js';

// Files that build the appliance (or its core) in a temp dir and start nothing else, run in one process: see
// test/helpers/shared-process.ts and package.json's testGroups.
await runGroup(t, 'test/app-files-6.test.ts');
