import { z } from 'zod';
import { ALLERGENS } from './enums.js';
import { numberMoney } from './money-codec.js';

// `GET /v1/public/menu` (no credential): what a customer in the queue may see of the menu, for the menu page and
// its cart QR (docs/menu-page.md). Only what is on sale, and nothing of the appliance: no printers, registers,
// users, category ids or counts of anything but portions left. Foods are named by id, the one id a cart carries;
// choices by their group's and option's ids, the ones a cart's options carry.

/**
 * An option a customer may pick. Never the food a set menu's course stands for (that is the kitchen's routing):
 * `available` already says whether the option and, for a course, its food can be ordered now.
 */
const PublicChoiceOption = z.object({
  id: z.string(),
  name: z.string(),
  /** What the option adds to the unit price (negative: takes off); a JSON number as food prices are. */
  priceDelta: numberMoney,
  available: z.boolean(),
});
export type PublicChoiceOption = z.infer<typeof PublicChoiceOption>;

/** A group of options: the customer picks at least `min` (0: optional), at most `max`. */
const PublicChoiceGroup = z.object({
  id: z.string(),
  name: z.string(),
  min: z.number().int(),
  max: z.number().int(),
  options: z.array(PublicChoiceOption),
});
export type PublicChoiceGroup = z.infer<typeof PublicChoiceGroup>;

export const PublicFood = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** A JSON number with at most 2 decimals on the wire, as food prices always are. */
  price: numberMoney,
  /** Portions left when counted; null: not counted. */
  portionsLeft: z.number().int().nullable(),
  /** What it contains of the EU list of 14, in the list's order. */
  allergens: z.array(z.enum(ALLERGENS)),
  /** Its groups of choices, in order (empty: none). */
  choices: z.array(PublicChoiceGroup),
});
export type PublicFood = z.infer<typeof PublicFood>;

const PublicCategory = z.object({
  name: z.string(),
  foods: z.array(PublicFood),
});

export const PublicMenu = z.object({
  /** The venue's name (may be empty). */
  venue: z.string(),
  /** When the menu was read: a page built from it says how fresh its prices are. */
  generatedAt: z.string(),
  categories: z.array(PublicCategory),
});
export type PublicMenu = z.infer<typeof PublicMenu>;
