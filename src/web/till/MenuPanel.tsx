import { useState } from 'react';
import { useTexts } from '../shared/locale.js';
import { Tabs } from '../shared/Tabs.js';
import { AllergenLegend, AllergenMarks } from '../shared/Allergens.js';
import { portionsLeftKey } from './portions-text.js';
import type { Menu, MenuFood } from './use-menu.js';

/**
 * Categories as tabs in menu order, foods as big buttons in theirs: name first (the accessible name starts with it).
 * A counted food shows what is left, and stops taking taps once the order holds all of it. Allergens are marks on the
 * button, explained by a legend under the foods. A register that shows some categories (a bar: the drinks) gets
 * only those tabs.
 */
export function MenuPanel({
  menu,
  categoryIds = null,
  inOrder,
  onAdd,
}: {
  menu: Menu | null;
  /** The register's categories; null: all. */
  categoryIds?: readonly string[] | null;
  inOrder(foodId: string): number;
  onAdd(food: MenuFood): void;
}) {
  const { t, money } = useTexts();
  const [chosen, setChosen] = useState<string | null>(null);
  if (!menu)
    return (
      <section className="menu">
        <p>{t('menu.loading')}</p>
      </section>
    );
  const categories = menu.categories.filter(
    (category) =>
      (categoryIds === null || categoryIds.includes(category.id)) &&
      menu.foods.some((food) => food.categoryId === category.id && !food.role),
  );
  if (categories.length === 0)
    return (
      <section className="menu">
        <p>{t('menu.empty')}</p>
      </section>
    );
  const active = categories.find((category) => category.id === chosen) ?? categories[0]!;
  // The cover and the takeaway fee are the order panel's steppers and switch, not buttons.
  const foods = menu.foods.filter((food) => food.categoryId === active.id && !food.role);
  return (
    <section className="menu">
      <Tabs
        label={t('menu.categories')}
        tabs={categories.map((category) => ({
          id: category.id,
          label: category.name,
          className: category.available ? 'tab' : 'tab sold-out',
        }))}
        selected={active.id}
        onSelect={setChosen}
      />
      <div className="foods" role="tabpanel" aria-label={active.name}>
        {foods.map((food) => {
          const soldOut = !food.available || !active.available || food.portionsLeft === 0;
          const allTaken = !soldOut && food.portionsLeft !== null && inOrder(food.id) >= food.portionsLeft;
          return (
            <button
              key={food.id}
              className={allTaken ? 'food all-taken' : 'food'}
              disabled={soldOut || allTaken}
              onClick={() => onAdd(food)}
            >
              <span className="food-name">{food.name}</span>
              <span className="food-price">{money(food.priceCents)}</span>
              <AllergenMarks allergens={food.allergens ?? []} />
              {soldOut ? (
                <span className="food-left">{t('food.soldOut')}</span>
              ) : (
                food.portionsLeft !== null && (
                  <span className="food-left">
                    {t(portionsLeftKey(food.portionsLeft, allTaken), { count: food.portionsLeft })}
                  </span>
                )
              )}
            </button>
          );
        })}
      </div>
      <AllergenLegend allergens={foods.flatMap((food) => food.allergens ?? [])} />
    </section>
  );
}
