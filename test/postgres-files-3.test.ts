import t from 'tap';
import { POSTGRES_MISSING, postgresInstalled } from './helpers/pg-cluster.js';
import { runOnPostgres } from './helpers/shared-process.js';

// The third part of package.json's `postgresFiles` (registers and their sessions, choices, reports, stock) on
// PostgreSQL: see test/postgres-files-1.test.ts.
if (postgresInstalled()) await runOnPostgres(t, 3);
else t.comment(`skipped: ${POSTGRES_MISSING}`);
