const hoursMinutes = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  numberingSystem: 'latn',
});

/**
 * The time of day as a venue reads it in either language, `21:05`: not the browser's default (`9:05:12 PM` on a
 * tablet set up in English, shown on an Italian page). `timeZone` only for tests; the tablet's own clock otherwise.
 */
export function clockTime(at: string | number, timeZone?: string): string {
  const format = timeZone
    ? new Intl.DateTimeFormat('en-GB', {
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
        numberingSystem: 'latn',
        timeZone,
      })
    : hoursMinutes;
  return format.format(new Date(at)); // an outbox entry's ISO string, or milliseconds
}
