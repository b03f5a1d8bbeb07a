import type { Migration } from 'kysely';
import * as m001 from './001-catalog-and-auth.js';
import * as m002 from './002-orders-and-events.js';
import * as m003 from './003-printing-and-reports.js';
import * as m004 from './004-print-queue-index.js';
import * as m005 from './005-credentials-and-keys.js';
import * as m007 from './007-portions.js';
import * as m008 from './008-stations.js';
import * as m009 from './009-printer-status-reason.js';
import * as m010 from './010-stream-positions-and-station-keys.js';
import * as m011 from './011-hardening-inputs.js';
import * as m012 from './012-venue.js';
import * as m019 from './019-waiter-tables.js';

// Numbered and append-only: a released migration is never edited; a change is a new file added here.
export const migrations: Record<string, Migration> = {
  '001-catalog-and-auth': m001,
  '002-orders-and-events': m002,
  '003-printing-and-reports': m003,
  '004-print-queue-index': m004,
  '005-credentials-and-keys': m005,
  '007-portions': m007,
  '008-stations': m008,
  '009-printer-status-reason': m009,
  '010-stream-positions-and-station-keys': m010,
  '011-hardening-inputs': m011,
  '012-venue': m012,
  '019-waiter-tables': m019,
};
