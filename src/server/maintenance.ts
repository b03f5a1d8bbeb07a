import { Cron } from 'croner';
import type { CoreContext } from '../core/context.js';
import { pruneLogs } from '../core/events/retention.js';
import { writeDueSnapshots } from '../core/reports/snapshots.js';

export type MaintenanceLog = (task: string, error: unknown) => void;

const defaultLog: MaintenanceLog = (task, error) => console.error(`${task} failed:`, error);

/**
 * Background jobs: the hourly report snapshots (just after each venue-time hour, and at start-up for the hours
 * missed while the appliance was off or asleep) and the housekeeping of the durable logs (every 10 minutes).
 * Returns the function that stops them and waits for a run in progress (the database closes right after).
 */
export function startMaintenance(ctx: CoreContext, log: MaintenanceLog = defaultLog): () => Promise<void> {
  const running = new Set<Promise<void>>();
  let stopped = false;
  const track = (task: string, work: () => Promise<unknown>) => async (): Promise<void> => {
    if (stopped) return;
    const run = work().then(
      () => undefined,
      (error: unknown) => log(task, error),
    );
    running.add(run);
    await run;
    running.delete(run);
  };
  const shutdown = new AbortController();
  const snapshots = track('report snapshots', () => writeDueSnapshots(ctx, shutdown.signal));
  const prune = track('log pruning', () => pruneLogs(ctx));
  void snapshots().then(prune);
  const jobs = [
    new Cron('5 0 * * * *', { timezone: ctx.venue.timezone, protect: true }, snapshots),
    new Cron('30 */10 * * * *', { protect: true }, prune),
  ];
  return async () => {
    stopped = true;
    shutdown.abort(); // a long catch-up stops after the hour it is writing; the next start resumes it
    for (const job of jobs) job.stop();
    await Promise.all(running);
  };
}
