import { z } from 'zod';
import { Allergens, Position, StockCount } from './catalog.js';
import { moneyInput, optionalText, text } from './common.js';

// The whole menu in one request (`POST /v1/menu/import`): what `pos menu import` read from a spreadsheet. Foods are
// matched by name (case-insensitive); categories are found by name or created. A field left out keeps what the
// food has; foods the list does not name are left as they are.

/** More rows than any sagra's menu, small enough for one request and one transaction. */
const MAX_MENU_FOODS = 1000;

export const MenuFoodInput = z.object({
  category: text(100),
  name: text(100),
  price: moneyInput,
  /** Left out: kept (empty on a new food). */
  description: optionalText(500).optional(),
  /** A printer's name (case-insensitive); null or empty: none (the category's or the register's printer prints it). */
  printer: z.string().trim().max(100).nullable().optional(),
  /** Portions left; null: not counted. Left out: kept (not counted on a new food). */
  stock: StockCount.optional(),
  /** The food's place inside its category. Left out: kept (0 on a new food). */
  position: Position.optional(),
  /** Its allergens of the EU list. Left out: kept (none on a new food). */
  allergens: Allergens.optional(),
});
export type MenuFoodInput = z.infer<typeof MenuFoodInput>;

export const MenuImportInput = z.object({
  /** Only say what would change. */
  dryRun: z.boolean().default(false),
  foods: z
    .array(MenuFoodInput)
    .min(1, 'must list at least 1 food')
    .max(MAX_MENU_FOODS, `must list at most ${MAX_MENU_FOODS} foods`),
});
export type MenuImportInput = z.infer<typeof MenuImportInput>;

export const MENU_FIELDS = [
  'name',
  'category',
  'price',
  'description',
  'printer',
  'stock',
  'position',
  'allergens',
] as const;

export const MenuImportResult = z.object({
  /** True: nothing was written. */
  dryRun: z.boolean(),
  added: z.array(z.object({ name: z.string(), category: z.string() })),
  /** Foods whose listed fields differ from the menu's (a name differing only in case is a change of `name`). */
  changed: z.array(z.object({ name: z.string(), category: z.string(), fields: z.array(z.enum(MENU_FIELDS)) })),
  unchanged: z.array(z.string()),
  categoriesAdded: z.array(z.string()),
});
export type MenuImportResult = z.infer<typeof MenuImportResult>;
