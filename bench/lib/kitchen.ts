import BetterSqlite3 from 'better-sqlite3';

/**
 * The venue's kitchen and pick-up counter during the load: orders confirmed more than `lagMs` ago are marked
 * picked up, a few hundred at a time, straight in the database. Without it an evening of 50,000 orders that are all
 * still waiting would use up the 29,791 display codes (a code is never shared by two waiting orders),
 * which no venue does. Written behind the server's back so that the server's CPU stays the orders' own; each
 * update holds the write lock for a few milliseconds.
 */
export function startKitchen(
  databaseFile: string,
  options: { lagMs?: number; everyMs?: number } = {},
): { stop(): number } {
  const db = new BetterSqlite3(databaseFile);
  db.pragma('busy_timeout = 5000');
  const pickUp = db.prepare(
    `update orders set status = 'PICKED_UP', completed_at = coalesce(completed_at, @now), ever_completed = 1,
     updated_at = @now
     where id in (select id from orders where status = 'CONFIRMED' and confirmed_at < @before order by id limit 500)`,
  );
  let pickedUp = 0;
  const timer = setInterval(() => {
    const now = Date.now();
    pickedUp += pickUp.run({ now, before: now - (options.lagMs ?? 2000) }).changes;
  }, options.everyMs ?? 100);
  return {
    stop() {
      clearInterval(timer);
      db.close();
      return pickedUp;
    },
  };
}
