import t from 'tap';
import { runGroup } from './helpers/shared-process.js';

// The files that start PostgreSQL themselves (a standby, a relay, two instances), on one throwaway cluster, run in one
// process: see test/helpers/shared-process.ts and package.json's testGroups.
await runGroup(t, 'test/postgres-e2e-files.test.ts');
