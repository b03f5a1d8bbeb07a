import { readFile, writeFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { parseCsv, writeCsv } from './csv.js';

// A spreadsheet as rows of cells, whatever file it came from: CSV (csv.ts) or Excel's .xlsx (read-excel-file and
// write-excel-file, loaded only by `pos menu`).

/** A cell as read: text from a CSV, text or a number from an .xlsx. */
export type Cell = string | number | null;

export interface Sheet {
  rows: Cell[][];
  /** The line (row number in Excel) of each row. */
  lines: number[];
}

export type SheetFormat = 'csv' | 'xlsx';

export function formatOf(file: string): SheetFormat | null {
  const extension = extname(file).toLowerCase();
  if (extension === '.xlsx') return 'xlsx';
  if (extension === '.csv' || extension === '.txt') return 'csv';
  return null;
}

export async function readSheet(file: string, format: SheetFormat): Promise<Sheet> {
  if (format === 'csv') {
    const { rows, lines } = parseCsv(await readFile(file, 'utf8'));
    return { rows, lines };
  }
  const { readSheet: readXlsx } = await import('read-excel-file/node');
  const data = await readXlsx(file);
  const rows: Cell[][] = [];
  const lines: number[] = [];
  data.forEach((row, index) => {
    const cells = row.map(
      (value): Cell =>
        value === null || value === undefined ? null : typeof value === 'number' ? value : String(value),
    );
    if (cells.every((cell) => cell === null || cell === '')) return;
    rows.push(cells);
    lines.push(index + 1);
  });
  return { rows, lines };
}

/** Writes the rows; in a CSV every cell is text (`text` turns numbers into the venue's way of writing them). */
export async function writeSheet(
  file: string,
  format: SheetFormat,
  rows: Cell[][],
  csv: { delimiter: ';' | ','; text: (cell: Cell, column: number) => string },
  /** The column of amounts, shown with two decimals in Excel. */
  moneyColumn?: number,
): Promise<void> {
  if (format === 'csv') {
    await writeFile(
      file,
      writeCsv(
        rows.map((row) => row.map((cell, column) => csv.text(cell, column))),
        csv.delimiter,
      ),
    );
    return;
  }
  const { default: writeXlsx } = await import('write-excel-file/node');
  const data = rows.map((row, index) =>
    row.map((cell, column) => {
      if (cell === null) return null;
      if (typeof cell === 'number') return { value: cell, type: Number, format: column === moneyColumn ? '0.00' : '0' };
      return { value: cell, type: String, ...(index === 0 ? { fontWeight: 'bold' as const } : {}) };
    }),
  );
  await writeXlsx(data).toFile(file);
}
