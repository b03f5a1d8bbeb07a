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

/**
 * Column widths that fit `available` characters with two spaces between columns. While the line is too long, a
 * heading wider than its cells gives way first (down to its widest cell, or eight characters: "Stampante" becomes
 * "Stampan…" above short printer names),
 * then the widest column gives up a character at a time, each down to `floor`, and a `keep` column (a food's name, a
 * register's drawer) only once the others are at their floor. A table then shows every column, its longest cells cut
 * with "…", rather than losing its last columns off the edge.
 */
export function fitColumns(
  columns: Array<{ heading: number; cells: number; keep?: boolean }>,
  available: number,
  floor = 6,
): number[] {
  const fitted = columns.map((column) => Math.max(column.heading, column.cells));
  let over = fitted.reduce((sum, each) => sum + each, 0) + 2 * Math.max(0, fitted.length - 1) - available;
  for (const [index, column] of columns.entries()) {
    if (over <= 0) break;
    // A heading keeps its first eight characters here: "Cassetto" over dashes, not "Casse…" (the registers).
    const spare = Math.min(over, (fitted[index] ?? 0) - Math.max(column.cells, floor, Math.min(column.heading, 8)));
    if (spare <= 0) continue;
    fitted[index] = (fitted[index] ?? 0) - spare;
    over -= spare;
  }
  for (const kept of [false, true]) {
    while (over > 0) {
      let widest = -1;
      for (const [index, each] of fitted.entries())
        if (Boolean(columns[index]?.keep) === kept && each > floor && (widest < 0 || each > (fitted[widest] ?? 0)))
          widest = index;
      if (widest < 0) break; // these columns at their floor: the next ones, else the line is cut at the end
      fitted[widest] = (fitted[widest] ?? 0) - 1;
      over--;
    }
  }
  return fitted;
}

/**
 * A key help line (`↑↓  a add  e edit …`, its keys two spaces apart) on one line, or on two broken between keys
 * when the terminal is narrower, so no key falls off the edge; what the second line still cannot hold is cut.
 */
export function keyLines(help: string, width: number): string[] {
  if (help.length <= width) return [help];
  const keys = help.split(/ {2,}/);
  let first = '';
  let taken = 0;
  for (const key of keys) {
    const next = first ? `${first}  ${key}` : key;
    if (next.length > width && first) break;
    first = next;
    taken++;
  }
  const rest = keys.slice(taken).join('  ');
  return rest ? [fit(first, width).trimEnd(), fit(rest, width).trimEnd()] : [fit(first, width).trimEnd()];
}
