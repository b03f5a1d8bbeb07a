import type { z } from 'zod';
import { ApiKey, ApiKeyCreated, ApiKeyInput, User, UserInput, UserPatch } from '../api/auth.js';
import { Banner, BannerInput } from '../api/banners.js';
import { CashRegister, CashRegisterInput, CashRegisterPatch } from '../api/cash-registers.js';
import {
  Category,
  CategoryInput,
  CategoryPatch,
  Food,
  FoodInput,
  FoodPatch,
  Ingredient,
  IngredientInput,
  IngredientPatch,
} from '../api/catalog.js';
import { Printer, PrinterInput, PrinterStatusInput } from '../api/printers.js';

// The catalogue resources that share one shape of routes (list, get, create, replace, patch, delete), each typed by
// its schemas in src/api: `record` is what the server answers (z.infer), `input` the body of POST and PUT, `patch`
// the body of PATCH (z.input: what goes on the wire, amounts in cents), `created` the answer of POST when it
// differs from a record. The client reads and writes the amounts of each with these same schemas (RESOURCES).

interface Resource<R extends z.ZodType, I extends z.ZodType, P extends z.ZodType | null, C extends z.ZodType = R> {
  record: z.infer<R>;
  input: z.input<I>;
  patch: P extends z.ZodType ? z.input<P> : never;
  created: z.infer<C>;
}

const resource = <R extends z.ZodType, I extends z.ZodType, P extends z.ZodType | null, C extends z.ZodType>(
  record: R,
  input: I,
  patch: P,
  created: C,
) => ({ record, input, patch, created });

export const RESOURCES = {
  '/v1/printers': resource(Printer, PrinterInput, PrinterStatusInput, Printer),
  '/v1/categories': resource(Category, CategoryInput, CategoryPatch, Category),
  '/v1/ingredients': resource(Ingredient, IngredientInput, IngredientPatch, Ingredient),
  '/v1/foods': resource(Food, FoodInput, FoodPatch, Food),
  '/v1/cash-registers': resource(CashRegister, CashRegisterInput, CashRegisterPatch, CashRegister),
  '/v1/banners': resource(Banner, BannerInput, null, Banner),
  '/v1/users': resource(User, UserInput, UserPatch, User),
  '/v1/api-keys': resource(ApiKey, ApiKeyInput, null, ApiKeyCreated),
} as const;

type Schemas = typeof RESOURCES;
export type Resources = {
  [P in keyof Schemas]: Resource<Schemas[P]['record'], Schemas[P]['input'], Schemas[P]['patch'], Schemas[P]['created']>;
};

export type ResourcePath = keyof Resources;
export type RecordOf<P extends ResourcePath> = Resources[P]['record'];
export type InputOf<P extends ResourcePath> = Resources[P]['input'];
export type PatchOf<P extends ResourcePath> = Resources[P]['patch'];
export type CreatedOf<P extends ResourcePath> = Resources[P]['created'];
