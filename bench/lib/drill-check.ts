// The failover drill's verdict, pure so that a test can hand it the cases it must catch. Each order the drill's
// tills sell carries its Idempotency-Key as the customer's name, so the database's rows can be matched to what the
// tills were told.

/** What a till was told: the server answered 2xx for this key with this order. */
export interface Ack {
  key: string;
  id: number;
  ticketNumber: number | null;
  displayCode: string;
  /** When the answer arrived (ms, wall clock). */
  at: number;
}

/** An order as the database holds it at the end. */
export interface OrderRow {
  id: number;
  customer: string;
  ticketNumber: number | null;
  ticketDay: string | null;
  displayCode: string;
  codeDay: string;
}

export interface Verdict {
  acked: number;
  /** Acknowledged keys with no order in the database. */
  lost: string[];
  /** Keys with more than one order. */
  doubled: string[];
  /** Acknowledged keys whose order holds another id, ticket number or display code than the till was told. */
  changed: string[];
  /** Ticket numbers given twice in one ticket day, as `day#number`. */
  ticketDuplicates: string[];
  /** Numbers missing below a ticket day's highest (a gap: numbers are given without gaps). */
  ticketGaps: string[];
  /** Display codes given twice in one code day, as `day/code`. */
  codeDuplicates: string[];
  /** Orders in the database no till was ever told about (a request that committed but whose answer was lost). */
  unacknowledged: number;
}

export const passed = (verdict: Verdict) =>
  verdict.lost.length +
    verdict.doubled.length +
    verdict.changed.length +
    verdict.ticketDuplicates.length +
    verdict.ticketGaps.length +
    verdict.codeDuplicates.length ===
  0;

function duplicates(values: Iterable<string>): string[] {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const value of values) (seen.has(value) ? twice : seen).add(value);
  return [...twice].sort();
}

export function checkOrders(acks: readonly Ack[], rows: readonly OrderRow[]): Verdict {
  const byKey = new Map<string, OrderRow[]>();
  for (const row of rows) byKey.set(row.customer, [...(byKey.get(row.customer) ?? []), row]);
  const lost: string[] = [];
  const changed: string[] = [];
  const told = new Set<string>();
  for (const ack of acks) {
    told.add(ack.key);
    const found = byKey.get(ack.key);
    if (!found) lost.push(ack.key);
    else if (
      !found.some(
        (row) => row.id === ack.id && row.ticketNumber === ack.ticketNumber && row.displayCode === ack.displayCode,
      )
    )
      changed.push(ack.key);
  }
  const doubled = [...byKey].filter(([, found]) => found.length > 1).map(([key]) => key);
  const numbered = rows.filter((row) => row.ticketNumber !== null && row.ticketDay !== null);
  const highest = new Map<string, Set<number>>();
  for (const row of numbered) {
    const day = row.ticketDay!;
    highest.set(day, (highest.get(day) ?? new Set()).add(row.ticketNumber!));
  }
  const ticketGaps: string[] = [];
  for (const [day, numbers] of highest) {
    const top = Math.max(...numbers);
    for (let number = 1; number < top; number++) if (!numbers.has(number)) ticketGaps.push(`${day}#${number}`);
  }
  return {
    acked: told.size,
    lost: lost.sort(),
    doubled: doubled.sort(),
    changed: changed.sort(),
    ticketDuplicates: duplicates(numbered.map((row) => `${row.ticketDay}#${row.ticketNumber}`)),
    ticketGaps,
    codeDuplicates: duplicates(rows.map((row) => `${row.codeDay}/${row.displayCode}`)),
    unacknowledged: [...byKey.keys()].filter((key) => !told.has(key)).length,
  };
}

/**
 * How long the tills sold nothing after the primary's death: the longest silence between two acknowledgements from
 * the last one before `killedAt` (or `killedAt` itself) to `endedAt`, when the tills had sent what they held. An
 * answer that was already on its way when the primary died does not end the outage; sales that never came back
 * make it last until the end.
 */
export function outageMs(ackTimes: readonly number[], killedAt: number, endedAt: number): number {
  const sorted = [...ackTimes].sort((a, b) => a - b);
  const before = sorted.filter((time) => time <= killedAt).at(-1) ?? killedAt;
  const points = [before, ...sorted.filter((time) => time > killedAt && time <= endedAt), endedAt];
  let longest = 0;
  for (let index = 1; index < points.length; index++) longest = Math.max(longest, points[index]! - points[index - 1]!);
  return longest;
}
