import { useCallback, useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import type { ChoiceGroup, Food } from '../../api/catalog.js';
import type { Allergen } from '../../api/enums.js';
// ApiError from its own module: the client's index brings zod, which the page loads after its first paint.
import { ApiError } from '../../client/errors.js';
import type { PosClient } from '../../client/index.js';
import type { RoleFoods } from './cart.js';
import { readLocal, writeLocal } from './storage.js';

// The menu, kept on the tablet (a reload without Wi-Fi still sells) and refreshed when the server answers.

export interface MenuFood {
  id: string;
  name: string;
  priceCents: number;
  available: boolean;
  categoryId: string;
  /** Portion counts (docs/catalog.md): what is left, null when not counted. */
  portionsLeft: number | null;
  /** The cover or the takeaway fee: not a button of the menu, the order panel's steppers add it (absent: older menu). */
  role?: 'COVER' | 'TAKEAWAY_FEE' | null;
  /** Groups of choices: tapping the food opens its sheet (absent from a menu saved before choices existed). */
  choices?: ChoiceGroup[];
  /** Its place inside its category (a menu saved by an older till has none: 0). */
  position?: number;
  /** Its allergens, in the EU list's order (none in a menu saved by an older till). */
  allergens?: Allergen[];
}

export interface MenuCategory {
  id: string;
  name: string;
  position: number;
  available: boolean;
}

export interface Menu {
  foods: MenuFood[];
  categories: MenuCategory[];
  savedAt: string;
}

type ApiFood = z.infer<typeof Food> & { portionsLeft?: number | null };

export function menuFrom(foods: ApiFood[], now = new Date()): Menu {
  const categories = new Map<string, MenuCategory>();
  for (const food of foods) categories.set(food.category.id, { ...food.category });
  return {
    foods: foods.map((food) => ({
      id: food.id,
      name: food.name,
      priceCents: food.price,
      available: food.available,
      categoryId: food.categoryId,
      portionsLeft: food.portionsLeft ?? null,
      role: food.role ?? null,
      choices: food.choices ?? [],
      position: food.position ?? 0,
      allergens: food.allergens ?? [],
    })),
    categories: [...categories.values()].sort((a, b) => a.position - b.position || a.name.localeCompare(b.name)),
    savedAt: now.toISOString(),
  };
}

/** At most this many vanished foods are looked up one by one on a refresh (a menu rewritten wholesale just reloads). */
const LOOKUPS = 30;

/**
 * The foods the list left out that the tablet knew: the API lists only available foods to cashiers, but a food
 * sold out is shown greyed, not hidden. Each is read by id: still there → kept, sold out; gone (404) → dropped.
 */
async function soldOutKnown(client: PosClient, listed: ApiFood[], known: MenuFood[]): Promise<ApiFood[]> {
  const ids = new Set(listed.map((food) => food.id));
  const found: ApiFood[] = [];
  for (const food of known.filter((food) => !ids.has(food.id)).slice(0, LOOKUPS)) {
    try {
      found.push(await client.request<ApiFood>('GET', `/v1/foods/${food.id}`));
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) throw error;
    }
  }
  return found;
}

/** Menu order, as the API lists it: category position, food position, then name. */
const menuOrder = (a: ApiFood, b: ApiFood) =>
  a.category.position - b.category.position ||
  a.category.name.localeCompare(b.category.name) ||
  (a.position ?? 0) - (b.position ?? 0) ||
  a.name.localeCompare(b.name);

export function useMenu(client: PosClient, loggedIn: boolean) {
  const [menu, setMenu] = useState<Menu | null>(() => readLocal<Menu>('menu'));
  const [fromCache, setFromCache] = useState(false);
  const loading = useRef(false);
  const latest = useRef(menu);
  latest.current = menu;

  const refresh = useCallback(async () => {
    if (loading.current) return;
    loading.current = true;
    try {
      const listed = await client.foods();
      const kept = await soldOutKnown(client, listed, latest.current?.foods ?? []);
      const next = menuFrom(kept.length ? [...listed, ...kept].sort(menuOrder) : listed);
      setMenu(next);
      writeLocal('menu', next);
      setFromCache(false);
    } catch {
      setFromCache(true); // the kept menu stays on screen
    } finally {
      loading.current = false;
    }
  }, [client]);

  useEffect(() => {
    if (loggedIn) void refresh();
  }, [loggedIn, refresh]);

  const patch = useCallback((change: (menu: Menu) => Menu) => {
    setMenu((current) => {
      if (!current) return current;
      const next = change(current);
      writeLocal('menu', next);
      return next;
    });
  }, []);

  const setFoodAvailable = useCallback(
    (foodId: string, available: boolean) => {
      // A food that comes back and this tablet never saw (operators are not shown sold-out foods): read the menu again.
      if (available && !menu?.foods.some((food) => food.id === foodId)) return void refresh();
      patch((m) => ({ ...m, foods: m.foods.map((food) => (food.id === foodId ? { ...food, available } : food)) }));
    },
    [menu, patch, refresh],
  );
  const setCategoryAvailable = useCallback(
    (categoryId: string, available: boolean) =>
      patch((m) => ({
        ...m,
        categories: m.categories.map((category) =>
          category.id === categoryId ? { ...category, available } : category,
        ),
      })),
    [patch],
  );
  const setPortionsLeft = useCallback(
    (foodId: string, portionsLeft: number | null) =>
      patch((m) => ({ ...m, foods: m.foods.map((food) => (food.id === foodId ? { ...food, portionsLeft } : food)) })),
    [patch],
  );

  return { menu, fromCache, refresh, setFoodAvailable, setCategoryAvailable, setPortionsLeft };
}

/** The venue's cover and takeaway-fee foods that can be sold now (the server adds no line of a switched-off one). */
export function roleFoodsOf(menu: Menu | null): RoleFoods {
  const find = (role: 'COVER' | 'TAKEAWAY_FEE') => {
    const food = menu?.foods.find((candidate) => candidate.role === role);
    const categoryOn = menu?.categories.find((category) => category.id === food?.categoryId)?.available ?? true;
    return food?.available && categoryOn ? { id: food.id, name: food.name, priceCents: food.priceCents } : null;
  };
  return { cover: find('COVER'), takeawayFee: find('TAKEAWAY_FEE') };
}
