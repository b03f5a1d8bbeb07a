import t from 'tap';
import { runGroup } from './helpers/shared-process.js';

// Families of the endpoint fuzzer (test/faults/fuzz-*.test.ts: each builds its own app in a temp dir), run in one
// process: see test/helpers/shared-process.ts and package.json's testGroups. A route's seed does not depend on the
// file that runs it.
await runGroup(t, 'test/fuzz-files-1.test.ts');
