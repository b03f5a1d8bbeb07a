import t from 'tap';
import { POSTGRES_MISSING, postgresInstalled } from './helpers/pg-cluster.js';
import { runOnPostgres } from './helpers/shared-process.js';

// The second part of package.json's `postgresFiles` (orders, refunds, catalogue) on PostgreSQL: see
// test/postgres-files-1.test.ts.
if (postgresInstalled()) await runOnPostgres(t, 2);
else t.comment(`skipped: ${POSTGRES_MISSING}`);
