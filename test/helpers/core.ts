import { ManualClock } from '../../src/core/clock.js';
import { CommitSignal, type CoreContext, storagePort } from '../../src/core/context.js';
import { cuid } from '../../src/core/ids.js';
import { VenueClock } from '../../src/core/venue-time.js';
import { defaultConfig } from '../../src/config.js';
import type { Storage } from '../../src/storage/database.js';
import { DEFAULT_TEST_START, type TestLike, tempDir } from './app.js';
import { openTestStorage } from './engine.js';

export interface TestCore {
  /** The same two a runtime has (`app.runtime.ctx`, `app.runtime.storage`), so a core test reads like an app test. */
  runtime: { ctx: CoreContext; storage: Storage };
  clock: ManualClock;
  dataDir: string;
}

/**
 * Core without HTTP: a migrated SQLite file in a temp dir (a PostgreSQL database under POS_TEST_ENGINE=postgres) and the core context a runtime would build on it (the
 * venue in Rome, a `ManualClock`, printing on), and nothing else: no Fastify, no event hub, no maintenance job, no
 * secret or first admin. For tests of use cases and storage rules that make no request; a test that sends one
 * builds the whole appliance with buildTestApp.
 */
export async function buildTestCore(
  t: TestLike,
  options: { start?: string; printJobs?: boolean } = {},
): Promise<TestCore> {
  const dataDir = tempDir(t, 'pos-core-');
  const clock = new ManualClock(options.start ?? DEFAULT_TEST_START);
  const config = defaultConfig();
  const storage = await openTestStorage(t, dataDir);
  const ctx: CoreContext = {
    storage: storagePort(storage),
    clock,
    newId: cuid,
    venue: new VenueClock({ timezone: 'Europe/Rome', ticketReset: config.ticketReset, dayStart: config.dayStart }),
    committed: new CommitSignal(),
    printJobs: options.printJobs ?? true,
  };
  return { runtime: { ctx, storage }, clock, dataDir };
}
