import { z } from 'zod';
import { FOOD_ROLES } from './enums.js';
import { numberMoney, signedMoneyInput } from './money-codec.js';
import { cuid, includeQuery, moneyInput, optionalText, repeatable, text, booleanQuery } from './common.js';
import { ALLERGENS } from './enums.js';

// Wire schemas of categories, ingredients and foods (docs/catalog.md).

/** A place in a list (categories, foods): lower first; equal places fall back to the name. */
export const Position = z.number().int().min(-1_000_000).max(1_000_000);

export const Allergen = z.enum(ALLERGENS);
/** A subset of the EU list; given in any order, handed over in the list's order, each once. */
export const Allergens = z
  .array(Allergen)
  .max(ALLERGENS.length)
  .refine((list) => new Set(list).size === list.length, 'lists an allergen twice')
  .transform((list) => ALLERGENS.filter((allergen) => list.includes(allergen)));

export const Category = z.object({
  id: z.string(),
  name: z.string(),
  available: z.boolean(),
  position: z.number().int(),
  printerId: z.string().nullable(),
  /** Its kitchen tickets print one small token per unit (drinks handed over at a bar). */
  ticketPerUnit: z.boolean(),
});
export type Category = z.infer<typeof Category>;

export const CategoryInput = z.object({
  name: text(100),
  available: z.boolean().default(true),
  position: Position.default(0),
  printerId: cuid.nullable().default(null),
  /** Left out: false on create, kept on replace (clients of the interface don't know it). */
  ticketPerUnit: z.boolean().optional(),
});
export type CategoryInput = z.infer<typeof CategoryInput>;

export const CategoryPatch = z
  .object({
    available: z.boolean().optional(),
    printerId: cuid.nullable().optional(),
    position: Position.optional(),
    ticketPerUnit: z.boolean().optional(),
  })
  .refine(
    (value) =>
      value.available !== undefined ||
      value.printerId !== undefined ||
      value.position !== undefined ||
      value.ticketPerUnit !== undefined,
    'give at least one of available, printerId, position, ticketPerUnit',
  );
export type CategoryPatch = z.infer<typeof CategoryPatch>;

export const CategoryQuery = z.object({ include: includeQuery(['foods']).optional() });

// ---- portion counts (docs/catalog.md) ---------------------------------------------------------------------------

/** Larger than any evening's portions, small enough that no sum of counts leaves the safe integers. */
export const MAX_STOCK = 1_000_000;

/** A count: units left, or null = not counted. */
export const StockCount = z
  .number()
  .int('must be a whole number')
  .min(0, 'must not be negative')
  .max(MAX_STOCK, `must be at most ${MAX_STOCK}`)
  .nullable();

/** A change of a count applied to what is left at that moment; negative writes off. */
const StockAdd = z
  .number()
  .int('must be a whole number')
  .min(-MAX_STOCK, `must be at least -${MAX_STOCK}`)
  .max(MAX_STOCK, `must be at most ${MAX_STOCK}`);

/** `stock` and `stockAdd` of a PATCH: either, never both (which one would win?). */
const oneStockChange = (value: { stock?: number | null | undefined; stockAdd?: number | undefined }) =>
  value.stock === undefined || value.stockAdd === undefined;

/** `food-stock-changed` on the cashier channel: what a till shows as "12 left" (null: no longer counted). */
export const FoodStockChanged = z.object({ foodId: z.string(), portionsLeft: z.number().int().nullable() });
export type FoodStockChanged = z.infer<typeof FoodStockChanged>;

/**
 * One entry of `details` of the 409 of a confirmation that is short of portions: the food, how many the order asked
 * for, how many are left. `path` and `message` keep it an ordinary error detail.
 */
export const ShortFood = z.object({
  path: z.string(),
  message: z.string(),
  foodId: z.string(),
  name: z.string(),
  requested: z.number().int(),
  left: z.number().int(),
});
export type ShortFood = z.infer<typeof ShortFood>;

// ---- ingredients --------------------------------------------------------------------------------------------------

/** An ingredient as a food lists it. */
export const IngredientRef = z.object({ id: z.string(), name: z.string() });
export type IngredientRef = z.infer<typeof IngredientRef>;

export const Ingredient = IngredientRef.extend({ stock: z.number().int().nullable() });
export type Ingredient = z.infer<typeof Ingredient>;

/** `stock` left out: null on create, the current count kept on replace. */
export const IngredientInput = z.object({ name: text(100), stock: StockCount.optional() });
export type IngredientInput = z.infer<typeof IngredientInput>;

export const IngredientPatch = z
  .object({ stock: StockCount.optional(), stockAdd: StockAdd.optional() })
  .refine((value) => value.stock !== undefined || value.stockAdd !== undefined, 'give stock or stockAdd')
  .refine(oneStockChange, 'give stock or stockAdd, not both');
export type IngredientPatch = z.infer<typeof IngredientPatch>;

/** What a food stands for besides food (docs/catalog.md, "Covers and takeaway"): null for ordinary food. */
export const FoodRole = z.enum(FOOD_ROLES).nullable();
export type FoodRole = z.infer<typeof FoodRole>;
// ---- choices (docs/catalog.md, "Choices") ------------------------------------------------------------------------

const CHOICE_LIMITS = { groups: 20, options: 30, name: 100 } as const;

/** One option of a group. `foodId` names another food when the option is a component (a set menu's course). */
const ChoiceOption = z.object({
  id: z.string(),
  name: z.string(),
  priceDelta: numberMoney,
  foodId: z.string().nullable(),
  available: z.boolean(),
});
export type ChoiceOption = z.infer<typeof ChoiceOption>;

/** A group of options the customer picks from: at least `min`, at most `max` of them. */
export const ChoiceGroup = z.object({
  id: z.string(),
  name: z.string(),
  min: z.number().int(),
  max: z.number().int(),
  options: z.array(ChoiceOption),
});
export type ChoiceGroup = z.infer<typeof ChoiceGroup>;

/** An option as a food's POST or PUT gives it: `id` may be left out (a PUT keeps ids it can match, see the docs). */
const ChoiceOptionInput = z.object({
  id: cuid.optional(),
  name: text(CHOICE_LIMITS.name),
  priceDelta: signedMoneyInput.default(0),
  foodId: cuid.nullable().default(null),
  available: z.boolean().default(true),
});

export const ChoiceGroupInput = z
  .object({
    id: cuid.optional(),
    name: text(CHOICE_LIMITS.name),
    min: z.number().int('must be a whole number').min(0).max(CHOICE_LIMITS.options).default(0),
    max: z.number().int('must be a whole number').min(1).max(CHOICE_LIMITS.options).default(1),
    options: z
      .array(ChoiceOptionInput)
      .min(1, 'must contain at least 1 option')
      .max(CHOICE_LIMITS.options)
      .refine((list) => new Set(list.map((item) => item.name.toLowerCase())).size === list.length, {
        message: 'names an option twice',
      }),
  })
  .refine((group) => group.min <= group.max, { message: 'min must not be above max', path: ['min'] })
  .refine((group) => group.min <= group.options.length, {
    message: 'min is above the number of options',
    path: ['min'],
  });
export type ChoiceGroupInput = z.infer<typeof ChoiceGroupInput>;

const ChoicesInput = z
  .array(ChoiceGroupInput)
  .max(CHOICE_LIMITS.groups)
  .refine((list) => new Set(list.map((item) => item.name.toLowerCase())).size === list.length, {
    message: 'names a group twice',
  });

export const Food = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  price: numberMoney,
  categoryId: z.string(),
  printerId: z.string().nullable(),
  available: z.boolean(),
  category: z.object({ id: z.string(), name: z.string(), available: z.boolean(), position: z.number().int() }),
  ingredients: z.array(IngredientRef).optional(),
  /** The food's own count (null: not counted). */
  stock: z.number().int().nullable(),
  /** The smallest of the food's own count and its counted ingredients' counts; null when none is counted. */
  portionsLeft: z.number().int().nullable(),
  /** COVER (the cover charge, per person), TAKEAWAY_FEE (the takeaway fee, per order) or null. */
  role: FoodRole,
  /** Groups of options, in order (empty: none). */
  choices: z.array(ChoiceGroup),
  /** Its place inside its category. */
  position: z.number().int(),
  /** What it contains of the EU list, in the list's order. */
  allergens: z.array(Allergen),
});
export type Food = z.infer<typeof Food>;

export const CategoryWithFoods = Category.extend({ foods: z.array(Food).optional() });

export const FoodInput = z.object({
  name: text(100),
  description: optionalText(500).default(''),
  price: moneyInput,
  categoryId: cuid,
  printerId: cuid.nullable().default(null),
  available: z.boolean(),
  ingredients: z
    .array(z.object({ id: cuid }))
    .max(100)
    .default([])
    .refine((list) => new Set(list.map((item) => item.id)).size === list.length, 'lists an ingredient twice'),
  /** Left out: null on create, the current count kept on replace (clients of the interface don't know it). */
  stock: StockCount.optional(),
  /** Left out: null on create, the current role kept on replace. At most one food per role (409 `role-taken`). */
  role: FoodRole.optional(),
  /** Left out: none on create, the current groups kept on replace. */
  choices: ChoicesInput.optional(),
  /** Left out: 0 on create, kept on replace. */
  position: Position.optional(),
  /** Left out: none on create, kept on replace. */
  allergens: Allergens.optional(),
});
export type FoodInput = z.infer<typeof FoodInput>;

export const FoodPatch = z
  .object({
    available: z.boolean().optional(),
    printerId: cuid.nullable().optional(),
    stock: StockCount.optional(),
    stockAdd: StockAdd.optional(),
    role: FoodRole.optional(),
    position: Position.optional(),
    allergens: Allergens.optional(),
  })
  .refine(
    (value) =>
      value.available !== undefined ||
      value.printerId !== undefined ||
      value.stock !== undefined ||
      value.stockAdd !== undefined ||
      value.role !== undefined ||
      value.position !== undefined ||
      value.allergens !== undefined,
    'give at least one of available, printerId, stock, stockAdd, role, position, allergens',
  )
  .refine(oneStockChange, 'give stock or stockAdd, not both');
export type FoodPatch = z.infer<typeof FoodPatch>;

export const FoodsQuery = z.object({
  include: includeQuery(['ingredients']).optional(),
  available: booleanQuery.optional(),
  category: repeatable(z.string().min(1).max(100)).optional(),
});
export type FoodsQuery = z.infer<typeof FoodsQuery>;

export const FoodQuery = z.object({ include: includeQuery(['ingredients']).optional() });
