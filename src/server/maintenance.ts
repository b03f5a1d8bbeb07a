import { Cron } from 'croner';
import type { CoreContext } from '../core/context.js';
import { pruneLogs } from '../core/events/retention.js';

/** Periodic housekeeping (every 10 minutes, and once at start-up). Returns the function that stops it. */
export function startMaintenance(ctx: CoreContext, log: (error: unknown) => void = (error) => console.error('maintenance failed:', error)): () => void {
  const run = async (): Promise<void> => {
    await pruneLogs(ctx).catch(log);
  };
  void run();
  const job = new Cron('*/10 * * * *', { protect: true }, run);
  return () => job.stop();
}
