import type { z } from 'zod';
import type { FoodPatch } from '../api/catalog.js';

/** A change of a portion count as the PATCH of a food or an ingredient takes it. */
export type StockChange = Pick<z.input<typeof FoodPatch>, 'stock' | 'stockAdd'>;

/**
 * A count as a volunteer types it, in the CLI and the dashboard alike: "200" sets the count, "+50" restocks, "-3"
 * writes off, "off" stops counting. Null when the text is none of these.
 */
export function readStockChange(value: string): { stock: number | null } | { stockAdd: number } | null {
  const text = value.trim();
  if (/^(off|none)$/i.test(text)) return { stock: null };
  const match = /^([+-]?)(\d{1,7})$/.exec(text);
  if (!match) return null;
  const units = Number(match[2]);
  if (match[1] === '') return { stock: units };
  return { stockAdd: match[1] === '-' ? -units : units };
}

/** How the count reads: "12 left", or "not counted". */
export const leftText = (left: number | null) => (left === null ? 'not counted' : `${left} left`);
