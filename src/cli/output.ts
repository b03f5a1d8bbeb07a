// Tables for people, JSON for scripts.

export type Cell = string | number | boolean | null | undefined;

export interface Column<T> {
  header: string;
  value: (row: T) => Cell;
  align?: 'left' | 'right';
}

function cellText(value: Cell): string {
  if (value === null || value === undefined) return '-';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return String(value);
}

export function formatTable<T>(rows: readonly T[], columns: readonly Column<T>[]): string {
  const cells = rows.map((row) => columns.map((column) => cellText(column.value(row))));
  const widths = columns.map((column, i) => Math.max(column.header.length, ...cells.map((line) => (line[i] as string).length)));
  const render = (line: string[]) =>
    line
      .map((cell, i) => (columns[i]?.align === 'right' ? cell.padStart(widths[i] as number) : cell.padEnd(widths[i] as number)))
      .join('  ')
      .trimEnd();
  return [render(columns.map((column) => column.header.toUpperCase())), ...cells.map(render)].join('\n');
}

/** A record as `key  value` lines. */
export function formatRecord(entries: ReadonlyArray<[string, Cell]>): string {
  const width = Math.max(...entries.map(([key]) => key.length));
  return entries.map(([key, value]) => `${key.padEnd(width)}  ${cellText(value)}`).join('\n');
}

export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

export function print(text: string): void {
  process.stdout.write(`${text}\n`);
}
