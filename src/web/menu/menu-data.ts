import type { z } from 'zod';
import { PublicMenu } from '../../api/public-menu.js';

// Where the page's menu comes from: the copy embedded in the file `pos menu-page` writes (a website's copy, a
// poster's QR: it works with no connection to the venue), else the venue's server (`/menu` on its Wi-Fi).

export type Menu = z.infer<typeof PublicMenu>;

/** The element `pos menu-page` writes the menu into, as the wire has it. */
export const EMBEDDED_ID = 'pos-menu';

export function embeddedMenu(doc: Document = document): Menu | null {
  const element = doc.getElementById(EMBEDDED_ID);
  if (!element?.textContent) return null;
  const parsed = PublicMenu.safeParse(JSON.parse(element.textContent));
  return parsed.success ? parsed.data : null;
}

/** A cart line as the page keeps it: the food (with its price in cents) and how many. */
export interface CartLine {
  foodId: string;
  name: string;
  priceCents: number;
  quantity: number;
}

export function cartTotal(lines: readonly CartLine[]): number {
  return lines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0);
}
