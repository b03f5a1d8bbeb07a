import type { Db } from '../../storage/database.js';
import { prepared } from '../../storage/prepared.js';

// A drawer counts the sales and refunds of its register by their time (figures.ts). A drawer opened in the same
// millisecond as the last close, or as a sale, starts a millisecond later so nothing counts twice; a sale or refund
// made at that register after the open but still in that millisecond (or while the clock has stepped back) would
// then be dated before the drawer and belong to no drawer at all. So money taken or given at a register is dated no
// earlier than the start of the drawer open there: it lands in the drawer that was open when it happened.

const openedAt = prepared<{ registerId: string }, { opened_at: number }>((db, p) =>
  db
    .selectFrom('cash_sessions')
    .select('opened_at')
    .where('cash_register_id', '=', p.registerId)
    .where('closed_at', 'is', null),
);

/** `now`, or the start of the drawer open at the register when that is later. */
export async function registerTime(trx: Db, registerId: string | null, now: Date): Promise<Date> {
  if (registerId === null) return now;
  const open = await openedAt.executeTakeFirst(trx, { registerId });
  return open && open.opened_at > now.getTime() ? new Date(open.opened_at) : now;
}
