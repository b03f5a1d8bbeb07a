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
import * as m013 from './013-covers-and-service.js';
import * as m014 from './014-choices.js';
import * as m015 from './015-menu-order-tokens-allergens.js';
import * as m016 from './016-refunds.js';
import * as m017 from './017-cash-sessions.js';
import * as m018 from './018-pickup-scope.js';
import * as m019 from './019-waiter-tables.js';
import * as m020 from './020-print-claims.js';
import * as m021 from './021-banner-images.js';
import * as m022 from './022-cancelled-money.js';

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
  '013-covers-and-service': m013,
  '014-choices': m014,
  '015-menu-order-tokens-allergens': m015,
  '016-refunds': m016,
  '017-cash-sessions': m017,
  '018-pickup-scope': m018,
  '019-waiter-tables': m019,
  '020-print-claims': m020,
  '021-banner-images': m021,
  '022-cancelled-money': m022,
};
