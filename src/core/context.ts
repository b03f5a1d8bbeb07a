import type { Db, Storage } from '../storage/database.js';
import type { Clock } from './clock.js';
import type { IdGenerator } from './ids.js';
import type { VenueClock } from './venue-time.js';

/** Wakes whoever reads the outboxes (SSE hub, printer worker) after a commit. */
export class CommitSignal {
  private readonly listeners = new Set<() => void>();

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  notify(): void {
    for (const listener of this.listeners) listener();
  }
}

/** Everything a use case needs, injected: storage, time, ids and the commit signal. */
export interface CoreContext {
  storage: Storage;
  clock: Clock;
  newId: IdGenerator;
  venue: VenueClock;
  committed: CommitSignal;
  /** Queue print jobs (printing on). With printing off, an external service prints from the printer channel. */
  printJobs: boolean;
}

/**
 * The one write path: `work` runs atomically in the single writer's transaction (its own savepoint when it shares
 * a group commit), and resolves only once committed; then the outbox readers are woken. Nothing is published
 * before commit.
 */
export async function write<T>(ctx: CoreContext, work: (trx: Db) => Promise<T>): Promise<T> {
  const result = await ctx.storage.writer.run(work);
  ctx.committed.notify();
  return result;
}

/** Reads go to the read-only connection so they never wait behind a write. */
export function reader(ctx: CoreContext): Db {
  return ctx.storage.read;
}
