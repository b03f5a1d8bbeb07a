/** The calendar day of an instant in the venue's time zone: `2026-11-27`. */
function venueDay(at: number, timezone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: timezone }).format(at);
}

/**
 * Whether the business day began on an earlier calendar day than the server's now (after midnight, the evening that
 * began at 07:00 is yesterday's). The day's report (`groupBy: all` from the day's start) ends at the server's now,
 * so a screen needs no clock of its own to tell; no report yet, and it is today.
 */
export function beganYesterday(
  from: string,
  report: { timestamp: string; intervalInMinutes: number } | null | undefined,
  timezone: string,
): boolean {
  if (!report) return false;
  const end = Date.parse(report.timestamp) + report.intervalInMinutes * 60_000;
  return venueDay(Date.parse(from), timezone) !== venueDay(end, timezone);
}
