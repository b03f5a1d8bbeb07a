import type { Db, Storage } from '../storage/database.js';
import type { Clock } from './clock.js';
import type { DrawerKicker } from './printing/drawer.js';
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

/**
 * All core may do with the database, and nothing that can deadlock: read on the read-only connection, or change
 * through a transaction of the single writer. The writer's own connection is not here: a query on it inside a
 * write waits for the write to finish, which waits for the query. Inside `write`, read and write through `trx`
 * (the read-only connection does not see the transaction's own changes).
 */
export interface StoragePort {
  /** The read-only connection: never waits behind a write. */
  readonly read: Db;
  /** Runs `work` in a transaction of the single writer (its own savepoint in a group commit); resolves once committed. */
  write<T>(work: (trx: Db) => Promise<T>): Promise<T>;
}

/** The port onto opened storage: the server keeps the rest (backups, closing) to itself. */
export function storagePort(storage: Pick<Storage, 'read' | 'writer'>): StoragePort {
  const { read, writer } = storage;
  return { read, write: (work) => writer.run(work) };
}

/** Everything a use case needs, injected: the storage port, time, ids and the commit signal. */
export interface CoreContext {
  storage: StoragePort;
  clock: Clock;
  newId: IdGenerator;
  venue: VenueClock;
  committed: CommitSignal;
  /** Queue print jobs (printing on). With printing off, an external service prints from the printer channel. */
  printJobs: boolean;
  /** Kicks a cash drawer now: the built-in printing's sender, when it runs. */
  drawer?: DrawerKicker;
}

/**
 * The one write path: `work` runs atomically in the single writer's transaction (its own savepoint when it shares
 * a group commit), and resolves only once committed; then the outbox readers are woken. Nothing is published
 * before commit. A use case opens it; what it calls takes the `trx` (never `write` again inside: it would wait for
 * itself).
 */
export async function write<T>(ctx: CoreContext, work: (trx: Db) => Promise<T>): Promise<T> {
  const result = await ctx.storage.write(work);
  ctx.committed.notify();
  return result;
}

/** Reads go to the read-only connection so they never wait behind a write. */
export function reader(ctx: CoreContext): Db {
  return ctx.storage.read;
}
