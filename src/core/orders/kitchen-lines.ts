import type { OrderItemChoiceRow, OrderItemRow } from '../../storage/schema.js';
import { isRoleLine, type Routing } from './routing.js';

// What the kitchen gets of an order's lines (docs/printing.md, "Choices and set menus"). A line goes to its own
// station with its plain choices under it ("· ben cotta"); each chosen component (a set menu's course) goes to its
// own food's station as a line of its own ("Tagliatelle al ragù — Menu Pellegrino"), one unit per unit of the line.
// A line whose choices are all components (a pure set menu) sends only its components: nobody cooks "a menu".

export interface KitchenLine {
  item: OrderItemRow;
  /** '' for the line itself; the chosen option's id for a component. */
  optionId: string;
  /** What routes it: the line's food and category, or the component's. */
  food_id: string;
  category_id: string;
  name: string;
  quantity: number;
  notes: string;
  /** The line's plain choices (none for a component). */
  choices: OrderItemChoiceRow[];
}

/**
 * The lines as the kitchen makes them now: units refunded since the order was paid are not to be made (their
 * cancellation ticket went out with the refund), so a line counts the rest, and a line refunded whole is gone.
 */
export function leftToMake(items: readonly OrderItemRow[]): OrderItemRow[] {
  return items
    .filter((item) => item.quantity > item.refunded_quantity)
    .map((item) =>
      item.refunded_quantity === 0 ? item : { ...item, quantity: item.quantity - item.refunded_quantity },
    );
}

/** The separator between a component and the menu it belongs to, on tickets and screens. */
export const COMPONENT_OF = ' — ';

function isComponent(choice: Pick<OrderItemChoiceRow, 'component_food_id'>): boolean {
  return choice.component_food_id !== null;
}

export function kitchenLines(items: readonly OrderItemRow[], routing: Pick<Routing, 'choices'>): KitchenLine[] {
  const lines: KitchenLine[] = [];
  for (const item of items) {
    if (isRoleLine(item)) continue; // the cover and the takeaway fee are on the receipt only
    const chosen = routing.choices.get(item.id) ?? [];
    const components = chosen.filter(isComponent);
    const plain = chosen.filter((choice) => !isComponent(choice));
    if (components.length === 0 || plain.length > 0) {
      lines.push({
        item,
        optionId: '',
        food_id: item.food_id,
        category_id: item.category_id,
        name: item.food_name,
        quantity: item.quantity,
        notes: item.notes,
        choices: plain,
      });
    }
    for (const component of components) {
      lines.push({
        item,
        optionId: component.option_id,
        food_id: component.component_food_id as string,
        category_id: component.component_category_id ?? '',
        name: `${component.component_food_name ?? component.name}${COMPONENT_OF}${item.food_name}`,
        quantity: item.quantity,
        notes: item.notes,
        choices: [],
      });
    }
  }
  return lines;
}
