import t from 'tap';
import { POSTGRES_MISSING, postgresInstalled } from './helpers/pg-cluster.js';
import { runOnPostgres } from './helpers/shared-process.js';

// The server, core and printer files of package.json's `postgresFiles`, once more on PostgreSQL (each test on a
// fresh database of one throwaway cluster): see test/helpers/shared-process.ts and docs/development.md.
if (postgresInstalled()) await runOnPostgres(t);
else t.comment(`skipped: ${POSTGRES_MISSING}`);
