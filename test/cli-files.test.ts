import t from 'tap';
import { runGroup } from './helpers/shared-process.js';

// The CLI in-process against a test app or a small local server, and the typed client against one, run in one
// process: see test/helpers/shared-process.ts and package.json's testGroups.
await runGroup(t, 'test/cli-files.test.ts');
