import type { z } from 'zod';
import type { MenuFoodInput } from '../../api/menu.js';
import { type Locale, type MessageKey, translate } from '../../i18n/index.js';
import { centsToNumber, toCents, unitsToCents } from '../../api/money.js';
import type { Cell, Sheet } from './spreadsheet.js';
import type { Allergen } from '../../api/enums.js';
import { allergenWord, parseAllergens } from '../../i18n/allergens.js';

// A menu as a spreadsheet: the columns a committee writes (in Italian or English), each row a food. Reading turns
// the rows into what POST /v1/menu/import takes, and every problem into "line 7, column price (C): ..." in the
// venue's language; writing is the other way round.

export const COLUMNS = [
  'category',
  'name',
  'price',
  'description',
  'printer',
  'stock',
  'allergens',
  'position',
] as const;
export type Column = (typeof COLUMNS)[number];

/** Columns foods do not have yet: read and ignored, with a notice (none today). */
const IGNORED: readonly Column[] = [];
const REQUIRED: readonly Column[] = ['category', 'name', 'price'];
const EXPORTED: readonly Column[] = [
  'category',
  'name',
  'price',
  'description',
  'printer',
  'stock',
  'allergens',
  'position',
];

const HEADERS: Record<string, Column> = {
  category: 'category',
  categoria: 'category',
  name: 'name',
  nome: 'name',
  price: 'price',
  prezzo: 'price',
  description: 'description',
  descrizione: 'description',
  printer: 'printer',
  stampante: 'printer',
  stock: 'stock',
  porzioni: 'stock',
  portions: 'stock',
  allergens: 'allergens',
  allergeni: 'allergens',
  position: 'position',
  posizione: 'position',
};

const MAX_LENGTH: Partial<Record<Column, number>> = { category: 100, name: 100, description: 500, printer: 100 };

export const columnTitle = (locale: Locale, column: Column) =>
  translate(locale, `import.field.${column}` as MessageKey);
const letter = (index: number): string =>
  (index >= 26 ? letter(Math.floor(index / 26) - 1) : '') + String.fromCharCode(65 + (index % 26));

export interface MenuProblem {
  line: number;
  /** Column title and letter, "prezzo (C)"; absent for a problem of the whole line. */
  column?: string;
  problem: string;
}

export interface ReadMenu {
  foods: Array<z.input<typeof MenuFoodInput>>;
  /** The line of each food, and where each column is, to place the server's answers. */
  lines: number[];
  columnAt: Partial<Record<Column, string>>;
  ignored: Column[];
  problems: MenuProblem[];
}

export function describeProblem(locale: Locale, problem: MenuProblem): string {
  return problem.column
    ? translate(locale, 'import.at', { line: problem.line, column: problem.column, problem: problem.problem })
    : translate(locale, 'import.atLine', { line: problem.line, problem: problem.problem });
}

/** A cell's text on one line: a line break typed inside a cell (Alt+Enter in Excel) becomes a space. */
const text = (cell: Cell | undefined) =>
  cell === null || cell === undefined
    ? ''
    : String(cell)
        .replace(/\s*[\r\n]+\s*/g, ' ')
        .trim();

/** 7,50 / 7.50 / € 7,50 / 7 from a CSV, or a number from Excel: cents, or null. */
export function parsePrice(cell: Cell | undefined): number | null {
  if (typeof cell === 'number') {
    const cents = toCents(cell);
    return cents !== null && cents >= 0 ? cents : null;
  }
  const match = /^(?:€\s*)?(\d{1,7})(?:[.,](\d{1,2}))?(?:\s*€)?$/.exec(text(cell).replace(/\u00a0/g, ' '));
  if (!match) return null;
  return unitsToCents(match[1] as string, match[2]);
}

function parseStock(cell: Cell | undefined): number | null | undefined {
  if (typeof cell === 'number') return Number.isInteger(cell) && cell >= 0 ? cell : undefined;
  const value = text(cell);
  if (value === '') return null;
  return /^\d{1,7}$/.test(value) ? Number(value) : undefined;
}

/** A food's place: a whole number (negative too), or empty for 0. */
function parsePosition(cell: Cell | undefined): number | undefined {
  if (typeof cell === 'number') return Number.isInteger(cell) && Math.abs(cell) <= 1_000_000 ? cell : undefined;
  const value = text(cell);
  if (value === '') return 0;
  return /^-?\d{1,7}$/.test(value) && Math.abs(Number(value)) <= 1_000_000 ? Number(value) : undefined;
}

export function readMenu(sheet: Sheet, locale: Locale): ReadMenu {
  const t = (key: MessageKey, values?: Record<string, string | number>) => translate(locale, key, values);
  const result: ReadMenu = { foods: [], lines: [], columnAt: {}, ignored: [], problems: [] };
  const [header = [], ...rows] = sheet.rows;
  const headerLine = sheet.lines[0] ?? 1;
  const index = new Map<Column, number>();
  header.forEach((cell, at) => {
    const title = text(cell);
    if (title === '') return;
    const column = HEADERS[title.toLocaleLowerCase('it')];
    const where = `${title} (${letter(at)})`;
    if (!column)
      return result.problems.push({
        line: headerLine,
        column: where,
        problem: t('import.unknownColumn', { column: title }),
      });
    if (index.has(column))
      return result.problems.push({
        line: headerLine,
        column: where,
        problem: t('import.twiceColumn', { column: title }),
      });
    index.set(column, at);
    result.columnAt[column] = where;
  });
  if (![...index.keys()].some((column) => REQUIRED.includes(column))) {
    const found = header.map(text).filter(Boolean).join(', ') || '-';
    return { ...result, problems: [{ line: headerLine, problem: t('import.notMenu', { found }) }] };
  }
  for (const column of REQUIRED) {
    if (!index.has(column))
      result.problems.push({
        line: headerLine,
        problem: t('import.missingColumn', { column: columnTitle(locale, column) }),
      });
  }
  if (result.problems.length > 0) return result;
  if (rows.length === 0) return { ...result, problems: [{ line: headerLine, problem: t('import.noRows') }] };
  result.ignored = IGNORED.filter(
    (column) => index.has(column) && rows.some((row) => text(row[index.get(column) as number]) !== ''),
  );

  rows.forEach((row, at) => {
    const line = sheet.lines[at + 1] ?? at + 2;
    const cell = (column: Column) => (index.has(column) ? row[index.get(column) as number] : undefined);
    const problem = (column: Column, message: string) =>
      result.problems.push({ line, column: result.columnAt[column] as string, problem: message });
    const before = result.problems.length;
    for (const column of REQUIRED) if (text(cell(column)) === '') problem(column, t('import.required'));
    for (const [column, max] of Object.entries(MAX_LENGTH) as Array<[Column, number]>) {
      if (text(cell(column)).length > max) problem(column, t('import.tooLong', { max }));
    }
    const price = parsePrice(cell('price'));
    if (price === null && text(cell('price')) !== '')
      problem('price', t('import.price', { value: text(cell('price')) }));
    const stock = index.has('stock') ? parseStock(cell('stock')) : null;
    if (stock === undefined) problem('stock', t('import.stock', { value: text(cell('stock')) }));
    const position = index.has('position') ? parsePosition(cell('position')) : 0;
    if (position === undefined) problem('position', t('import.position', { value: text(cell('position')) }));
    const allergens = parseAllergens(text(cell('allergens')));
    for (const value of allergens.unknown) problem('allergens', t('import.allergen', { value }));
    if (result.problems.length > before) return;
    const food: z.input<typeof MenuFoodInput> = {
      category: text(cell('category')),
      name: text(cell('name')),
      price: price as number,
    };
    if (index.has('description')) food.description = text(cell('description'));
    if (index.has('printer')) food.printer = text(cell('printer')) || null;
    if (index.has('stock')) food.stock = stock as number | null;
    if (index.has('position')) food.position = position as number;
    if (index.has('allergens')) food.allergens = allergens.allergens;
    result.foods.push(food);
    result.lines.push(line);
  });
  return result;
}

/**
 * The server's refusal of a food, placed at its line and column: `details` paths are `body.foods.<n>.<field>`.
 * Returns null for a problem that is not about one food.
 */
export function placeServerProblem(
  menu: ReadMenu,
  locale: Locale,
  detail: { path: string; message: string; code?: string; other?: number | undefined },
): MenuProblem | null {
  const match = /^body\.foods\.(\d+)\.(\w+)/.exec(detail.path);
  if (!match) return null;
  const line = menu.lines[Number(match[1])] ?? 0;
  const column = menu.columnAt[match[2] as Column];
  const food = menu.foods[Number(match[1])];
  // Said by the detail's code (docs/api.md); a code this CLI does not know yet keeps the server's words.
  let problem = detail.message;
  if (detail.code === 'unknown-printer')
    problem = translate(locale, 'import.unknownPrinter', { value: food?.printer ?? '' });
  if (detail.code === 'duplicate-food')
    problem = translate(locale, 'import.twice', {
      other: (detail.other === undefined ? undefined : menu.lines[detail.other]) ?? '?',
    });
  return column ? { line, column, problem } : { line, problem };
}

export interface ExportFood {
  category: string;
  name: string;
  priceCents: number;
  description: string;
  printer: string | null;
  stock: number | null;
  allergens: readonly Allergen[];
  position: number;
}

/** The rows of an export: the header in the venue's language, then one row per food (amounts as numbers). */
export function menuRows(foods: readonly ExportFood[], locale: Locale): Cell[][] {
  return [
    EXPORTED.map((column) => columnTitle(locale, column)),
    ...foods.map((food) => [
      food.category,
      food.name,
      centsToNumber(food.priceCents),
      food.description,
      food.printer ?? '',
      food.stock,
      food.allergens.map((allergen) => allergenWord(locale, allergen)).join(', '),
      food.position,
    ]),
  ];
}

export const PRICE_COLUMN = EXPORTED.indexOf('price');
