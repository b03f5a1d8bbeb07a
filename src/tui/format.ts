import { terminalText } from '../client/terminal-text.js';

/**
 * Text helpers for fixed-width terminal cells. A cell is measured once its escape sequences and control characters
 * are gone (they take no room on screen, and Text removes them anyway), so a name full of them is not cut short.
 */
export function fit(raw: string, width: number): string {
  if (width <= 0) return '';
  const text = terminalText(raw, { singleLine: true });
  if (text.length <= width) return text.padEnd(width);
  return `${text.slice(0, Math.max(0, width - 1))}…`;
}

export function minutesSince(at: number | null, now: number): number | null {
  return at === null ? null : Math.max(0, Math.floor((now - at) / 60_000));
}
