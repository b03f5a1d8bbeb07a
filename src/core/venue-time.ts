import { DateTime } from 'luxon';

// Venue time: one IANA zone decides every "daily" rule. All functions take instants (Date) and return instants or
// calendar keys; wall-clock arithmetic goes through luxon so DST days are 23 or 25 hours long, as they really are.

export interface VenueTimeOptions {
  timezone: string;
  /** Ticket numbers restart at the first confirmation after this wall-clock time ("HH:MM"). */
  ticketReset: string;
  /** The business day (general closure) starts at this wall-clock time ("HH:MM"). */
  dayStart: string;
}

export function isValidTimezone(zone: string): boolean {
  return DateTime.now().setZone(zone).isValid;
}

export function machineTimezone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$/;

export function parseHhMm(value: string): { hour: number; minute: number } | null {
  const match = HHMM.exec(value);
  if (!match) return null;
  return { hour: Number(match[1]), minute: Number(match[2]) };
}

function wallClock(value: string): { hour: number; minute: number } {
  const parsed = parseHhMm(value);
  if (!parsed) throw new Error(`invalid HH:MM time: ${value}`);
  return parsed;
}

/** Remembers the last period found, so the common case (now is in the same period as the last call) costs no zone math. */
class PeriodCache<T> {
  private start = 0;
  private end = 0;
  private value: T | undefined;

  get(instant: number): T | undefined {
    return instant >= this.start && instant < this.end ? this.value : undefined;
  }

  set(start: number, end: number, value: T): T {
    this.start = start;
    this.end = end;
    this.value = value;
    return value;
  }
}

export class VenueClock {
  readonly timezone: string;
  private readonly reset: { hour: number; minute: number };
  private readonly start: { hour: number; minute: number };
  private readonly ticketDays = new PeriodCache<string>();
  private readonly hours = new PeriodCache<number>();

  constructor(options: VenueTimeOptions) {
    if (!isValidTimezone(options.timezone)) throw new Error(`unknown time zone: ${options.timezone}`);
    this.timezone = options.timezone;
    this.reset = wallClock(options.ticketReset);
    this.start = wallClock(options.dayStart);
  }

  local(instant: Date | number): DateTime {
    return DateTime.fromMillis(typeof instant === 'number' ? instant : instant.getTime(), { zone: this.timezone });
  }

  /**
   * The ticket day an instant belongs to, as the ISO date on which it began ("2026-11-21" runs from 12:00 on the
   * 21st to 12:00 on the 22nd with the default reset), so an evening that runs past midnight keeps one sequence.
   */
  ticketDay(instant: Date | number): string {
    const at = typeof instant === 'number' ? instant : instant.getTime();
    const cached = this.ticketDays.get(at);
    if (cached !== undefined) return cached;
    const key = this.periodKey(at, this.reset);
    const start = this.atWallClock(key, this.reset).getTime();
    const next = this.atWallClock(DateTime.fromISO(key).plus({ days: 1 }).toISODate() as string, this.reset).getTime();
    return at >= start && at < next ? this.ticketDays.set(start, next, key) : key;
  }

  /** The start of the ticket day an instant belongs to (12:00 by default): ticket numbers of orders confirmed since. */
  ticketDayStart(instant: Date | number): Date {
    return this.atWallClock(this.ticketDay(instant), this.reset);
  }

  /** The start of the business day an instant belongs to (07:00 by default; before 07:00 it is yesterday's). */
  businessDayStart(instant: Date | number): Date {
    const day = this.periodKey(instant, this.start);
    return this.atWallClock(day, this.start);
  }

  /** Start of a local calendar day ("2026-11-21") in venue time. */
  startOfDay(isoDate: string): Date {
    return DateTime.fromISO(isoDate, { zone: this.timezone }).startOf('day').toJSDate();
  }

  /** Start of the venue-time hour containing the instant. */
  hourStart(instant: Date | number): Date {
    const at = typeof instant === 'number' ? instant : instant.getTime();
    const cached = this.hours.get(at);
    if (cached !== undefined) return new Date(cached);
    const start = this.local(at).startOf('hour').toMillis();
    return new Date(this.hours.set(start, start + 3600_000, start));
  }

  /** Instant of a wall-clock time on a local calendar day; a time skipped by DST moves forward, as luxon does. */
  atWallClock(isoDate: string, time: { hour: number; minute: number }): Date {
    return DateTime.fromISO(isoDate, { zone: this.timezone })
      .set({ hour: time.hour, minute: time.minute, second: 0, millisecond: 0 })
      .toJSDate();
  }

  private periodKey(instant: Date | number, boundary: { hour: number; minute: number }): string {
    const local = this.local(instant);
    const minutes = local.hour * 60 + local.minute;
    const day = minutes >= boundary.hour * 60 + boundary.minute ? local : local.minus({ days: 1 });
    return day.toISODate() as string;
  }
}
