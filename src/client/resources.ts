import type { z } from 'zod';
import type { ApiKey, ApiKeyCreated, ApiKeyInput, User, UserInput, UserPatch } from '../api/auth.js';
import type { Banner, BannerInput } from '../api/banners.js';
import type { CashRegister, CashRegisterInput, CashRegisterPatch } from '../api/cash-registers.js';
import type { Category, CategoryInput, CategoryPatch, Food, FoodInput, FoodPatch, Ingredient, IngredientInput, IngredientPatch } from '../api/catalog.js';
import type { Printer, PrinterInput, PrinterStatusInput } from '../api/printers.js';

// The catalogue resources that share one shape of routes (list, get, create, replace, patch, delete), each typed by
// its schemas in src/api: `record` is what the server answers (z.infer), `input` the body of POST and PUT, `patch`
// the body of PATCH (z.input: what goes on the wire), `created` the answer of POST when it differs from a record.

interface Resource<R extends z.ZodType, I extends z.ZodType, P extends z.ZodType | null, C extends z.ZodType = R> {
  record: z.infer<R>;
  input: z.input<I>;
  patch: P extends z.ZodType ? z.input<P> : never;
  created: z.infer<C>;
}

export interface Resources {
  '/v1/printers': Resource<typeof Printer, typeof PrinterInput, typeof PrinterStatusInput>;
  '/v1/categories': Resource<typeof Category, typeof CategoryInput, typeof CategoryPatch>;
  '/v1/ingredients': Resource<typeof Ingredient, typeof IngredientInput, typeof IngredientPatch>;
  '/v1/foods': Resource<typeof Food, typeof FoodInput, typeof FoodPatch>;
  '/v1/cash-registers': Resource<typeof CashRegister, typeof CashRegisterInput, typeof CashRegisterPatch>;
  '/v1/banners': Resource<typeof Banner, typeof BannerInput, null>;
  '/v1/users': Resource<typeof User, typeof UserInput, typeof UserPatch>;
  '/v1/api-keys': Resource<typeof ApiKey, typeof ApiKeyInput, null, typeof ApiKeyCreated>;
}

export type ResourcePath = keyof Resources;
export type RecordOf<P extends ResourcePath> = Resources[P]['record'];
export type InputOf<P extends ResourcePath> = Resources[P]['input'];
export type PatchOf<P extends ResourcePath> = Resources[P]['patch'];
export type CreatedOf<P extends ResourcePath> = Resources[P]['created'];
