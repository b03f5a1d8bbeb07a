import { z } from 'zod';
import { cuid, includeQuery, moneyInput, optionalText, repeatable, text, booleanQuery } from './common.js';

// Wire schemas of categories, ingredients and foods (interface §2.8, decisions: Catalog).

export const Category = z.object({
  id: z.string(),
  name: z.string(),
  available: z.boolean(),
  position: z.number().int(),
  printerId: z.string().nullable(),
});
export type Category = z.infer<typeof Category>;

export const CategoryInput = z.object({
  name: text(100),
  available: z.boolean().default(true),
  position: z.number().int().min(-1_000_000).max(1_000_000).default(0),
  printerId: cuid.nullable().default(null),
});
export type CategoryInput = z.infer<typeof CategoryInput>;

export const CategoryPatch = z
  .object({ available: z.boolean().optional(), printerId: cuid.nullable().optional() })
  .refine((value) => value.available !== undefined || value.printerId !== undefined, 'give available, printerId, or both');
export type CategoryPatch = z.infer<typeof CategoryPatch>;

export const CategoryQuery = z.object({ include: includeQuery(['foods']).optional() });

export const Ingredient = z.object({ id: z.string(), name: z.string() });
export type Ingredient = z.infer<typeof Ingredient>;
export const IngredientInput = z.object({ name: text(100) });

export const Food = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  price: z.number(),
  categoryId: z.string(),
  printerId: z.string().nullable(),
  available: z.boolean(),
  category: z.object({ id: z.string(), name: z.string(), available: z.boolean(), position: z.number().int() }),
  ingredients: z.array(Ingredient).optional(),
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
});
export type FoodInput = z.infer<typeof FoodInput>;

export const FoodPatch = z
  .object({ available: z.boolean().optional(), printerId: cuid.nullable().optional() })
  .refine((value) => value.available !== undefined || value.printerId !== undefined, 'give available, printerId, or both');
export type FoodPatch = z.infer<typeof FoodPatch>;

export const FoodsQuery = z.object({
  include: includeQuery(['ingredients']).optional(),
  available: booleanQuery.optional(),
  category: repeatable(z.string().min(1).max(100)).optional(),
});
export type FoodsQuery = z.infer<typeof FoodsQuery>;

export const FoodQuery = z.object({ include: includeQuery(['ingredients']).optional() });
