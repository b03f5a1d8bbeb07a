import { useCallback, useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import type { Food } from '../../api/catalog.js';
import { toCents } from '../../api/money.js';
import type { PosClient } from '../../client/index.js';
import { readLocal, writeLocal } from './storage.js';

// The menu, kept on the tablet (a reload without Wi-Fi still sells) and refreshed when the server answers.

export interface MenuFood {
  id: string;
  name: string;
  priceCents: number;
  available: boolean;
  categoryId: string;
  /** Release 1.7 portions: what is left, null when not counted. */
  portionsLeft: number | null;
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
      priceCents: toCents(food.price) ?? 0,
      available: food.available,
      categoryId: food.categoryId,
      portionsLeft: food.portionsLeft ?? null,
    })),
    categories: [...categories.values()].sort((a, b) => a.position - b.position || a.name.localeCompare(b.name)),
    savedAt: now.toISOString(),
  };
}

export function useMenu(client: PosClient, loggedIn: boolean) {
  const [menu, setMenu] = useState<Menu | null>(() => readLocal<Menu>('menu'));
  const [fromCache, setFromCache] = useState(false);
  const loading = useRef(false);

  const refresh = useCallback(async () => {
    if (loading.current) return;
    loading.current = true;
    try {
      const next = menuFrom(await client.foods());
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
      patch((m) => ({ ...m, categories: m.categories.map((category) => (category.id === categoryId ? { ...category, available } : category)) })),
    [patch],
  );
  const setPortionsLeft = useCallback(
    (foodId: string, portionsLeft: number | null) =>
      patch((m) => ({ ...m, foods: m.foods.map((food) => (food.id === foodId ? { ...food, portionsLeft } : food)) })),
    [patch],
  );

  return { menu, fromCache, refresh, setFoodAvailable, setCategoryAvailable, setPortionsLeft };
}
