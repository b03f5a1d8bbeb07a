import type { z } from 'zod';
import type { MenuImportResult } from '../../api/menu.js';
import { ApiError, type PosClient } from '../../client/index.js';
import { formatAmount, type Locale, translate } from '../../i18n/index.js';
import { toCents } from '../../api/money.js';
import { CliError } from '../errors.js';
import {
  columnTitle,
  describeProblem,
  type ExportFood,
  menuRows,
  placeServerProblem,
  PRICE_COLUMN,
  readMenu,
} from './menu-table.js';
import { formatOf, readSheet, type SheetFormat, writeSheet } from './spreadsheet.js';

// `pos menu export` and `pos menu import` (and `pos setup`'s menu step): a file to the server and back.

function formatFor(file: string, locale: Locale): SheetFormat {
  const format = formatOf(file);
  if (!format) throw new CliError(translate(locale, 'import.unreadable', { file }));
  return format;
}

/** The menu as the venue reads it: categories in their order, foods in theirs, printers by name. */
export async function exportMenu(client: PosClient, file: string, locale: Locale): Promise<number> {
  const format = formatFor(file, locale);
  const [foods, categories, printers] = await Promise.all([client.foods(), client.categories(), client.printers()]);
  const position = new Map(categories.map((category, index) => [category.id, index]));
  const printerName = new Map(printers.map((printer) => [printer.id, printer.name]));
  const rows: ExportFood[] = [...foods]
    .sort(
      (a, b) =>
        (position.get(a.categoryId) ?? 0) - (position.get(b.categoryId) ?? 0) ||
        a.position - b.position ||
        a.name.localeCompare(b.name, locale),
    )
    .map((food) => ({
      category: food.category.name,
      name: food.name,
      priceCents: food.price, // cents: the client decodes the wire's amounts
      description: food.description,
      printer: food.printerId ? (printerName.get(food.printerId) ?? null) : null,
      stock: food.stock,
      allergens: food.allergens,
      position: food.position,
    }));
  // Italian Excel reads `;` and a decimal comma; English Excel `,` and a point.
  const delimiter = locale === 'it' ? ';' : ',';
  const text = (cell: string | number | null, column: number) =>
    cell === null
      ? ''
      : typeof cell === 'number'
        ? column === PRICE_COLUMN
          ? formatAmount(locale, toCents(cell) ?? 0, false)
          : String(cell)
        : cell;
  await writeSheet(file, format, menuRows(rows, locale), { delimiter, text }, PRICE_COLUMN);
  return rows.length;
}

export interface ImportOutcome {
  result: z.infer<typeof MenuImportResult>;
  /** What to tell the person, in the venue's language. */
  report: string[];
}

/** Reads the file, sends it whole (or as a dry run), and says what changed; a problem anywhere changes nothing. */
export async function importMenu(
  client: PosClient,
  file: string,
  options: { dryRun: boolean; locale: Locale },
): Promise<ImportOutcome> {
  const { locale } = options;
  const t = (key: Parameters<typeof translate>[1], values?: Record<string, string | number>) =>
    translate(locale, key, values);
  const format = formatFor(file, locale);
  let sheet;
  try {
    sheet = await readSheet(file, format);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new CliError(`${file}: no such file`);
    throw new CliError(`${t('import.unreadable', { file })} (${(error as Error).message})`);
  }
  const menu = readMenu(sheet, locale);
  const failed = (problems: string[]) =>
    new CliError([t('import.failed'), ...problems.map((p) => `  ${p}`)].join('\n'));
  if (menu.problems.length > 0) throw failed(menu.problems.map((problem) => describeProblem(locale, problem)));
  let result: z.infer<typeof MenuImportResult>;
  try {
    result = await client.importMenu({ dryRun: options.dryRun, foods: menu.foods });
  } catch (error) {
    const details = error instanceof ApiError && typeof error.body === 'object' ? error.body?.details : undefined;
    if (error instanceof ApiError && error.status === 400 && details?.length) {
      throw failed(
        details.map((detail) => {
          const placed = placeServerProblem(menu, locale, detail);
          return placed ? describeProblem(locale, placed) : `${detail.path}: ${detail.message}`;
        }),
      );
    }
    throw error;
  }
  const report = menu.ignored.map((column) => t('import.ignored', { column: columnTitle(locale, column) }));
  if (result.added.length > 0) {
    report.push(
      t('import.added', { count: result.added.length }),
      ...result.added.map((food) => `  + ${food.name} (${food.category})`),
    );
  }
  if (result.changed.length > 0) {
    report.push(
      t('import.changed', { count: result.changed.length }),
      ...result.changed.map(
        (food) => `  ~ ${food.name}: ${food.fields.map((field) => columnTitle(locale, field)).join(', ')}`,
      ),
    );
  }
  report.push(t('import.unchanged', { count: result.unchanged.length }));
  if (result.categoriesAdded.length > 0)
    report.push(t('import.newCategories', { names: result.categoriesAdded.join(', ') }));
  report.push(t(options.dryRun ? 'import.dryRun' : 'import.applied'));
  return { result, report };
}
