import { ALLERGENS, type Allergen } from '../../api/enums.js';
import { toCents } from '../../api/money.js';
import type { PublicMenu } from '../../api/public-menu.js';

// The menu as the wire has it (GET /v1/public/menu, or the copy `pos menu-page` embeds) read into the page's menu,
// prices in cents: what `PublicMenu.parse` gives, without zod and the schemas (most of the page's bytes otherwise).
// It takes and refuses exactly what the schema does (test/web/menu-decode.test.ts holds the two side by side):
// a field of the wrong kind, a price with more than 2 decimals or an unknown allergen refuse the whole menu, and
// fields the schema does not know are left out.

type Menu = PublicMenu;
type Food = Menu['categories'][number]['foods'][number];
type Group = Food['choices'][number];
type Option = Group['options'][number];

/** Thrown inside, turned into null for the caller. */
class Refused extends Error {}

const record = (value: unknown): Record<string, unknown> => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Refused();
  return value as Record<string, unknown>;
};
const text = (value: unknown): string => {
  if (typeof value !== 'string') throw new Refused();
  return value;
};
const number = (value: unknown): number => {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new Refused();
  return value;
};
const integer = (value: unknown): number => {
  if (!Number.isSafeInteger(number(value))) throw new Refused();
  return value as number;
};
const flag = (value: unknown): boolean => {
  if (typeof value !== 'boolean') throw new Refused();
  return value;
};
const money = (value: unknown): number => {
  const cents = toCents(number(value));
  if (cents === null || !Number.isSafeInteger(cents)) throw new Refused(); // whole cents, as the schema's inside
  return cents;
};
const list = <T>(value: unknown, item: (value: unknown) => T): T[] => {
  if (!Array.isArray(value)) throw new Refused();
  return value.map(item);
};
const allergen = (value: unknown): Allergen => {
  if (!(ALLERGENS as readonly unknown[]).includes(value)) throw new Refused();
  return value as Allergen;
};

const option = (value: unknown): Option => {
  const o = record(value);
  return {
    id: text(o['id']),
    name: text(o['name']),
    priceDelta: money(o['priceDelta']),
    available: flag(o['available']),
  };
};

const group = (value: unknown): Group => {
  const g = record(value);
  return {
    id: text(g['id']),
    name: text(g['name']),
    min: integer(g['min']),
    max: integer(g['max']),
    options: list(g['options'], option),
  };
};

const food = (value: unknown): Food => {
  const f = record(value);
  return {
    id: text(f['id']),
    name: text(f['name']),
    description: text(f['description']),
    price: money(f['price']),
    portionsLeft: f['portionsLeft'] === null ? null : integer(f['portionsLeft']),
    allergens: list(f['allergens'], allergen),
    choices: list(f['choices'], group),
  };
};

/** The menu in cents, or null when the value is not a menu the schema would take. */
export function decodeMenu(value: unknown): Menu | null {
  try {
    const m = record(value);
    return {
      venue: text(m['venue']),
      generatedAt: text(m['generatedAt']),
      categories: list(m['categories'], (category) => {
        const c = record(category);
        return { name: text(c['name']), foods: list(c['foods'], food) };
      }),
    };
  } catch (error) {
    if (error instanceof Refused) return null;
    throw error;
  }
}
