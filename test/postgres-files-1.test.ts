import t from 'tap';
import { POSTGRES_MISSING, postgresInstalled } from './helpers/pg-cluster.js';
import { runOnPostgres } from './helpers/shared-process.js';

// The first part of package.json's `postgresFiles` (printing, events), once more on PostgreSQL (each test on a
// fresh database of one throwaway cluster); test/postgres-files-2.test.ts and -3 run the others. See
// test/helpers/shared-process.ts and docs/development.md.
if (postgresInstalled()) await runOnPostgres(t, 1);
else t.comment(`skipped: ${POSTGRES_MISSING}`);
