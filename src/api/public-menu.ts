import { z } from 'zod';
import { numberMoney } from './money-codec.js';

// `GET /v1/public/menu` (no credential): what a customer in the queue may see of the menu, for the menu page and
// its cart QR (docs/menu-page.md). Only what is on sale, and nothing of the appliance: no printers, registers,
// users, category ids or counts of anything but portions left. Foods are named by id, the one id a cart carries.

export const PublicFood = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** A JSON number with at most 2 decimals on the wire, as food prices always are. */
  price: numberMoney,
  /** Portions left when counted; null: not counted. */
  portionsLeft: z.number().int().nullable(),
});
export type PublicFood = z.infer<typeof PublicFood>;

export const PublicCategory = z.object({
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
