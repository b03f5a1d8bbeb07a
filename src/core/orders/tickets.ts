import { sql } from 'kysely';
import type { Db } from '../../storage/database.js';

/**
 * The next ticket number of a ticket day, taken inside the confirming transaction: a rollback gives the number
 * back, so numbers stay gap-free, and the single writer makes two equal numbers impossible (the unique index on
 * orders(ticket_day, ticket_number) would refuse them anyway).
 */
export async function nextTicketNumber(trx: Db, ticketDay: string): Promise<number> {
  const row = await trx
    .insertInto('ticket_counters')
    .values({ ticket_day: ticketDay, last_number: 1 })
    .onConflict((oc) => oc.column('ticket_day').doUpdateSet({ last_number: sql`last_number + 1` }))
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return row.last_number;
}
