const UNITS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400 };

/** Parses "90s", "30m", "12h", "7d" (or a plain number of seconds) into seconds; null when malformed. */
export function parseDuration(value: string): number | null {
  const match = /^(\d+)\s*([smhd]?)$/.exec(value.trim());
  if (!match) return null;
  const seconds = Number(match[1]) * (UNITS[match[2] || 's'] as number);
  return seconds > 0 && Number.isSafeInteger(seconds) ? seconds : null;
}
