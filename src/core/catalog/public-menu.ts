import type { Food } from '../../api/catalog.js';
import type { PublicFood, PublicMenu } from '../../api/public-menu.js';
import { type CoreContext, reader } from '../context.js';
import { listFoods } from './foods.js';

// The public menu (docs/menu-page.md): the available foods of the available categories, in the menu's order,
// with only what a customer may see.

/**
 * The one place a food becomes public: every field a customer may see is named here, and nothing else leaves.
 * A catalog field meant for customers (allergens, choices and their option ids) is added here and to PublicFood.
 */
export function toPublicFood(food: Food): PublicFood {
  return {
    id: food.id,
    name: food.name,
    description: food.description,
    price: food.price,
    portionsLeft: food.portionsLeft,
  };
}

export async function getPublicMenu(ctx: CoreContext): Promise<PublicMenu> {
  const foods = await listFoods(ctx, {}, { includeIngredients: false, onlyAvailable: true });
  const categories: PublicMenu['categories'] = [];
  const byCategory = new Map<string, PublicFood[]>();
  for (const food of foods) {
    if (!food.category.available || food.portionsLeft === 0) continue;
    let list = byCategory.get(food.category.id);
    if (!list) {
      list = [];
      byCategory.set(food.category.id, list);
      categories.push({ name: food.category.name, foods: list });
    }
    list.push(toPublicFood(food));
  }
  const venue = await reader(ctx).selectFrom('venue').select('name').where('id', '=', 1).executeTakeFirst();
  return { venue: venue?.name ?? '', generatedAt: ctx.clock.now().toISOString(), categories };
}
