import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Category,
  CategoryInput,
  CategoryPatch,
  CategoryQuery,
  CategoryWithFoods,
  Food,
  FoodInput,
  FoodPatch,
  FoodQuery,
  FoodsQuery,
  Ingredient,
  IngredientInput,
  IngredientPatch,
} from '../../api/catalog.js';
import { IdParams } from '../../api/common.js';
import { ADMIN, type Access, type Principal } from '../../core/auth/principal.js';
import {
  createCategory,
  deleteCategory,
  getCategory,
  listCategories,
  patchCategory,
  replaceCategory,
} from '../../core/catalog/categories.js';
import { createFood, deleteFood, getFood, listFoods, patchFood, replaceFood } from '../../core/catalog/foods.js';
import {
  createIngredient,
  deleteIngredient,
  getIngredient,
  listIngredients,
  patchIngredient,
  replaceIngredient,
} from '../../core/catalog/ingredients.js';
import { principalOf } from '../services.js';

/** Staff read the menu; so does a print service with a `printer` key (it routes tickets by food and category). */
const READ: Access = { roles: ['admin', 'operator'], scopes: ['printer'] };
/** Foods are read by kitchen screens too (`kitchen` key): what the station cooks, and what is sold out. */
const FOOD_READ: Access = { roles: ['admin', 'operator'], scopes: ['printer', 'kitchen'] };

const isAdmin = (principal: Principal) => principal.kind === 'token' && principal.role === 'admin';

/** Categories, ingredients and foods: the menu. */
const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app.services;
  const write = { access: ADMIN };

  // ---- categories -----------------------------------------------------------------------------------------------
  let tags = ['categories'];
  app.get(
    '/v1/categories',
    {
      config: { access: READ },
      schema: { tags, querystring: CategoryQuery, response: { 200: z.array(CategoryWithFoods) } },
    },
    (request) =>
      listCategories(ctx, {
        includeFoods: request.query.include?.includes('foods') ?? false,
        onlyAvailableFoods: !isAdmin(principalOf(request)),
      }),
  );
  app.get(
    '/v1/categories/:id',
    {
      config: { access: READ },
      schema: { tags, params: IdParams, querystring: CategoryQuery, response: { 200: CategoryWithFoods } },
    },
    (request) =>
      getCategory(ctx, request.params.id, {
        includeFoods: request.query.include?.includes('foods') ?? false,
        onlyAvailableFoods: !isAdmin(principalOf(request)),
      }),
  );
  app.post(
    '/v1/categories',
    { config: write, schema: { tags, body: CategoryInput, response: { 201: Category } } },
    async (request, reply) => reply.code(201).send(await createCategory(ctx, request.body)),
  );
  app.put(
    '/v1/categories/:id',
    { config: write, schema: { tags, params: IdParams, body: CategoryInput, response: { 200: Category } } },
    (request) => replaceCategory(ctx, request.params.id, request.body),
  );
  app.patch(
    '/v1/categories/:id',
    { config: write, schema: { tags, params: IdParams, body: CategoryPatch, response: { 200: Category } } },
    (request) => patchCategory(ctx, request.params.id, request.body),
  );
  app.delete('/v1/categories/:id', { config: write, schema: { tags, params: IdParams } }, async (request, reply) => {
    await deleteCategory(ctx, request.params.id);
    return reply.code(204).send();
  });

  // ---- ingredients ----------------------------------------------------------------------------------------------
  tags = ['ingredients'];
  app.get(
    '/v1/ingredients',
    { config: { access: READ }, schema: { tags, response: { 200: z.array(Ingredient) } } },
    () => listIngredients(ctx),
  );
  app.get(
    '/v1/ingredients/:id',
    { config: { access: READ }, schema: { tags, params: IdParams, response: { 200: Ingredient } } },
    (request) => getIngredient(ctx, request.params.id),
  );
  app.post(
    '/v1/ingredients',
    { config: write, schema: { tags, body: IngredientInput, response: { 201: Ingredient } } },
    async (request, reply) => reply.code(201).send(await createIngredient(ctx, request.body)),
  );
  app.put(
    '/v1/ingredients/:id',
    { config: write, schema: { tags, params: IdParams, body: IngredientInput, response: { 200: Ingredient } } },
    (request) => replaceIngredient(ctx, request.params.id, request.body),
  );
  app.patch(
    '/v1/ingredients/:id',
    { config: write, schema: { tags, params: IdParams, body: IngredientPatch, response: { 200: Ingredient } } },
    (request) => patchIngredient(ctx, request.params.id, request.body),
  );
  app.delete('/v1/ingredients/:id', { config: write, schema: { tags, params: IdParams } }, async (request, reply) => {
    await deleteIngredient(ctx, request.params.id);
    return reply.code(204).send();
  });

  // ---- foods ----------------------------------------------------------------------------------------------------
  tags = ['foods'];
  app.get(
    '/v1/foods',
    { config: { access: FOOD_READ }, schema: { tags, querystring: FoodsQuery, response: { 200: z.array(Food) } } },
    (request) =>
      listFoods(ctx, request.query, {
        includeIngredients: request.query.include?.includes('ingredients') ?? false,
        onlyAvailable: !isAdmin(principalOf(request)),
      }),
  );
  app.get(
    '/v1/foods/:id',
    {
      config: { access: FOOD_READ },
      schema: { tags, params: IdParams, querystring: FoodQuery, response: { 200: Food } },
    },
    (request) => getFood(ctx, request.params.id, request.query.include?.includes('ingredients') ?? false),
  );
  app.post(
    '/v1/foods',
    { config: write, schema: { tags, body: FoodInput, response: { 201: Food } } },
    async (request, reply) => reply.code(201).send(await createFood(ctx, request.body)),
  );
  app.put(
    '/v1/foods/:id',
    { config: write, schema: { tags, params: IdParams, body: FoodInput, response: { 200: Food } } },
    (request) => replaceFood(ctx, request.params.id, request.body),
  );
  app.patch(
    '/v1/foods/:id',
    { config: write, schema: { tags, params: IdParams, body: FoodPatch, response: { 200: Food } } },
    (request) => patchFood(ctx, request.params.id, request.body),
  );
  app.delete('/v1/foods/:id', { config: write, schema: { tags, params: IdParams } }, async (request, reply) => {
    await deleteFood(ctx, request.params.id);
    return reply.code(204).send();
  });
};

export default catalogRoutes;
