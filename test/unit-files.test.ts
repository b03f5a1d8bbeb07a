import t from 'tap';
import { runGroup } from './helpers/shared-process.js';

// Small unit files run in one process: see test/helpers/shared-process.ts and package.json's testGroups.
await runGroup(t, 'test/unit-files.test.ts');
