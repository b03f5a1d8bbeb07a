// CSV as spreadsheets write it: `;` (Excel in Italy and most of Europe, where the comma is the decimal mark) or `,`,
// UTF-8 with or without a byte order mark, quoted fields with "" for a quote, CRLF or LF line ends.

export interface CsvTable {
  rows: string[][];
  /** The file line each row starts on (a quoted cell may span lines), for "line 7" in messages. */
  lines: number[];
  delimiter: ';' | ',' | '\t';
}

/** The delimiter of the first line: whichever of `;`, tab and `,` occurs most outside quotes (`,` on a tie). */
function detectDelimiter(text: string): CsvTable['delimiter'] {
  const counts = { ';': 0, ',': 0, '\t': 0 };
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char in counts) counts[char as keyof typeof counts] += 1;
  }
  if (counts[';'] > counts[','] && counts[';'] >= counts['\t']) return ';';
  if (counts['\t'] > counts[',']) return '\t';
  return ',';
}

export function parseCsv(input: string): CsvTable {
  const text = input.replace(/^\uFEFF/, '');
  const delimiter = detectDelimiter(text);
  const rows: string[][] = [];
  const lines: number[] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  const endRow = () => {
    row.push(cell);
    // A line with nothing on it (often the last) is no row.
    if (row.length > 1 || row[0] !== '') {
      rows.push(row);
      lines.push(rowLine);
    }
    row = [];
    cell = '';
  };
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i] as string;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else {
        if (char === '\n') line += 1;
        cell += char;
      }
    } else if (char === '"') quoted = true;
    else if (char === delimiter) {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      endRow();
      line += 1;
      rowLine = line;
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) endRow();
  return { rows, lines, delimiter };
}

/** One CSV text as Excel writes it: a byte order mark (so Excel reads UTF-8), CRLF, quotes only where needed. */
export function writeCsv(rows: ReadonlyArray<ReadonlyArray<string>>, delimiter: ';' | ','): string {
  const quote = (cell: string) =>
    /["\r\n]/.test(cell) || cell.includes(delimiter) ? `"${cell.replaceAll('"', '""')}"` : cell;
  return `\uFEFF${rows.map((row) => row.map(quote).join(delimiter)).join('\r\n')}\r\n`;
}
