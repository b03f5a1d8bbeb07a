/** Text helpers for fixed-width terminal cells. */
export function fit(text: string, width: number): string {
  if (width <= 0) return '';
  if (text.length <= width) return text.padEnd(width);
  return `${text.slice(0, Math.max(0, width - 1))}…`;
}

export function minutesSince(at: number | null, now: number): number | null {
  return at === null ? null : Math.max(0, Math.floor((now - at) / 60_000));
}
