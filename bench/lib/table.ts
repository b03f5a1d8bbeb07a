export interface Figure {
  key: string;
  label: string;
  value: number;
  unit: string;
  target?: number;
  better?: 'higher' | 'lower';
}

export function meets(figure: Figure): boolean | null {
  if (figure.target === undefined || !Number.isFinite(figure.value)) return figure.target === undefined ? null : false;
  return figure.better === 'higher' ? figure.value >= figure.target : figure.value <= figure.target;
}

const format = (value: number) =>
  !Number.isFinite(value)
    ? '—'
    : Math.abs(value) >= 100
      ? Math.round(value).toLocaleString('en')
      : String(Math.round(value * 100) / 100);

/** The figures as an aligned table on stdout, each against its target. */
export function printTable(figures: readonly Figure[], smoke: boolean): void {
  const rows = figures.map((figure) => {
    const verdict = meets(figure);
    return [
      figure.label,
      `${format(figure.value)} ${figure.unit}`.trim(),
      figure.target === undefined
        ? ''
        : `${figure.better === 'higher' ? '≥' : '≤'} ${format(figure.target)} ${figure.unit}`.trim(),
      verdict === null ? '' : verdict ? 'met' : smoke ? '(smoke)' : 'MISSED',
    ];
  });
  const header = ['figure', 'measured', 'target', ''];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, column) =>
        column === 1 || column === 2 ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!),
      )
      .join('  ')
      .trimEnd();
  process.stdout.write(`${line(header)}\n${line(widths.map((width) => '-'.repeat(width)))}\n`);
  for (const row of rows) process.stdout.write(`${line(row)}\n`);
}
