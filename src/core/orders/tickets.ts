import { sql } from 'kysely';
import type { Db } from '../../storage/database.js';
import { prepared } from '../../storage/prepared.js';

/**
 * The next ticket number of a ticket day, taken inside the confirming transaction: a rollback gives the number
 * back, so numbers stay gap-free, and the single writer makes two equal numbers impossible (the unique index on
 * orders(ticket_day, ticket_number) would refuse them anyway).
 */
export async function nextTicketNumber(trx: Db, ticketDay: string): Promise<number> {
  const row = await takeTicketNumber.executeTakeFirst(trx, { ticketDay });
  return (row as { last_number: number }).last_number;
}

const takeTicketNumber = prepared<{ ticketDay: string }, { last_number: number }>((db, p) =>
  db
    .insertInto('ticket_counters')
    .values({ ticket_day: p.ticketDay, last_number: 1 })
    .onConflict((oc) => oc.column('ticket_day').doUpdateSet({ last_number: sql`ticket_counters.last_number + 1` }))
    .returning('last_number'),
);
