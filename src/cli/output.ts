import type { z } from 'zod';
import { encodeMoney } from '../api/money-codec.js';
import { terminalJson, terminalText } from '../client/terminal-text.js';

// Tables for people, JSON for scripts. Everything the commands print goes out through here, and what comes from
// the server (names, customers, notes, messages) is made harmless to the terminal on the way (terminalText).

export type Cell = string | number | boolean | null | undefined;

export interface Column<T> {
  header: string;
  value: (row: T) => Cell;
  align?: 'left' | 'right';
}

function cellText(value: Cell): string {
  if (value === null || value === undefined) return '-';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return terminalText(String(value), { singleLine: true });
}

export function formatTable<T>(rows: readonly T[], columns: readonly Column<T>[]): string {
  const cells = rows.map((row) => columns.map((column) => cellText(column.value(row))));
  const widths = columns.map((column, i) =>
    Math.max(column.header.length, ...cells.map((line) => (line[i] as string).length)),
  );
  const render = (line: string[]) =>
    line
      .map((cell, i) =>
        columns[i]?.align === 'right' ? cell.padStart(widths[i] as number) : cell.padEnd(widths[i] as number),
      )
      .join('  ')
      .trimEnd();
  return [render(columns.map((column) => column.header.toUpperCase())), ...cells.map(render)].join('\n');
}

/**
 * 24-hour clock time of an instant in the venue's time zone (the server's, from /health), as the venue's clocks
 * show it: a laptop set to another zone (or to UTC) must not shift every order by hours.
 */
export function venueClockTime(iso: string | null, timeZone: string): string | null {
  if (!iso) return null;
  return new Date(iso).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone });
}

/** A record as `key  value` lines. */
export function formatRecord(entries: ReadonlyArray<[string, Cell]>): string {
  const width = Math.max(...entries.map(([key]) => key.length));
  return entries.map(([key, value]) => `${key.padEnd(width)}  ${cellText(value)}`).join('\n');
}

/**
 * JSON for scripts, as the API writes it: the client hands over amounts in cents, and `schema` (the response's)
 * writes them out again as the wire has them ("12.50", 7.5), so `--json` stays the API's shape.
 */
export function printJson(value: unknown, schema?: z.ZodType): void {
  process.stdout.write(`${terminalJson(schema ? encodeMoney(schema, value) : value, 2)}\n`);
}

/** One JSON value per line (`pos events --json`). */
export function printJsonLine(value: unknown): void {
  process.stdout.write(`${terminalJson(value)}\n`);
}

export function print(text: string): void {
  process.stdout.write(`${terminalText(text)}\n`);
}

/** A line on stderr: errors, warnings, progress. */
export function printErr(text: string): void {
  process.stderr.write(`${terminalText(text)}\n`);
}

/** What pos drew itself, escape codes meant (the QR code's colours): nothing from the server goes in here. */
export function printDrawn(text: string): void {
  process.stdout.write(`${text}\n`);
}

/** Colour (ANSI codes) only for a terminal: a pipe or a file gets plain text; NO_COLOR turns it off everywhere. */
function colourAllowed(stream: NodeJS.WriteStream = process.stdout): boolean {
  const noColor = process.env['NO_COLOR'];
  return stream.isTTY === true && (noColor === undefined || noColor === '');
}

/**
 * A QR code of `text` for the terminal: inverted colours on a terminal (scans on a dark background), plain block
 * characters into a pipe or file (no escape codes; scans when shown dark on light).
 */
export async function terminalQr(text: string): Promise<string> {
  const { default: QRCode } = await import('qrcode');
  return QRCode.toString(text, { type: colourAllowed() ? 'terminal' : 'utf8', small: true });
}
