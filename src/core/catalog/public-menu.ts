import type { Food } from '../../api/catalog.js';
import type { PublicFood, PublicMenu } from '../../api/public-menu.js';
import { type CoreContext, reader } from '../context.js';
import { listFoods } from './foods.js';

// The public menu (docs/menu-page.md): the available foods of the available categories, in the menu's order,
// with only what a customer may see. The cover charge and the takeaway fee are not dishes: the till adds them.

/** A food a customer can order now: on, in a category that is on, not run out. */
const onSale = (food: Food) => food.available && food.category.available && food.portionsLeft !== 0;

/**
 * The one place a food becomes public: every field a customer may see is named here, and nothing else leaves.
 * An option that is a set menu's course does not say which food it stands for (that food's station and printer
 * are the kitchen's business); its `available` says instead whether that food can be ordered now (`orderable`).
 */
function toPublicFood(food: Food, orderable: (foodId: string) => boolean): PublicFood {
  return {
    id: food.id,
    name: food.name,
    description: food.description,
    price: food.price,
    portionsLeft: food.portionsLeft,
    allergens: [...food.allergens],
    choices: food.choices.map((group) => ({
      id: group.id,
      name: group.name,
      min: group.min,
      max: group.max,
      options: group.options.map((option) => ({
        id: option.id,
        name: option.name,
        priceDelta: option.priceDelta,
        available: option.available && (option.foodId === null || orderable(option.foodId)),
      })),
    })),
  };
}

export async function getPublicMenu(ctx: CoreContext): Promise<PublicMenu> {
  const foods = await listFoods(ctx, {}, { includeIngredients: false, onlyAvailable: true });
  const orderable = new Set(foods.filter(onSale).map((food) => food.id));
  const categories: PublicMenu['categories'] = [];
  const byCategory = new Map<string, PublicFood[]>();
  for (const food of foods) {
    if (!onSale(food) || food.role !== null) continue;
    let list = byCategory.get(food.category.id);
    if (!list) {
      list = [];
      byCategory.set(food.category.id, list);
      categories.push({ name: food.category.name, foods: list });
    }
    list.push(toPublicFood(food, (foodId) => orderable.has(foodId)));
  }
  const venue = await reader(ctx).selectFrom('venue').select('name').where('id', '=', 1).executeTakeFirst();
  return { venue: venue?.name ?? '', generatedAt: ctx.clock.now().toISOString(), categories };
}
