import type { OrderItemInput } from '../../api/orders.js';
import type { Db } from '../../storage/database.js';
import { listParams, type Params, prepared } from '../../storage/prepared.js';
import type { OrderItemChoiceRow } from '../../storage/schema.js';
import { InvalidError, type IssueDetail } from '../errors.js';

// The choices of an order's lines, checked against what the menu offers now (docs/api.md, "Choices"): every option
// must be one of the food's, available, and its component (if any) orderable; every group gets between its min and
// max. Anything else is a 400 `choice-invalid` whose details name the group, and nothing is written.

interface OfferedGroup {
  id: string;
  name: string;
  min: number;
  max: number;
}

interface OfferedOption {
  id: string;
  group: OfferedGroup;
  name: string;
  priceDeltaCents: number;
  available: boolean;
  component: {
    foodId: string;
    name: string;
    categoryId: string;
    orderable: boolean;
    printerId: string | null;
    categoryPrinterId: string | null;
  } | null;
}

interface Offered {
  groups: OfferedGroup[];
  options: Map<string, OfferedOption>;
}

// On the hot path (every order taken): built once per number of foods.
const offeredOptions = prepared((db: Db, _p: Params<{ ids: readonly string[] }>, count: number) =>
  db
    .selectFrom('food_choice_groups as g')
    .innerJoin('food_choice_options as o', 'o.group_id', 'g.id')
    .leftJoin('foods as f', 'f.id', 'o.component_food_id')
    .leftJoin('categories as c', 'c.id', 'f.category_id')
    .select([
      'g.food_id',
      'g.id as group_id',
      'g.name as group_name',
      'g.min_count',
      'g.max_count',
      'o.id as option_id',
      'o.name as option_name',
      'o.price_delta_cents',
      'o.available',
      'o.component_food_id',
      'f.name as component_name',
      'f.available as component_available',
      'f.category_id as component_category_id',
      'f.printer_id as component_printer_id',
      'c.available as component_category_available',
      'c.printer_id as component_category_printer_id',
    ])
    .where('g.food_id', 'in', listParams<string>('ids', count))
    .orderBy('g.position')
    .orderBy('o.position'),
);

/** The groups and options of each food, with each component's food as it is now. */
async function loadOffered(trx: Db, foodIds: readonly string[]): Promise<Map<string, Offered>> {
  const result = new Map<string, Offered>();
  if (foodIds.length === 0) return result;
  const rows = await offeredOptions.execute(trx, { ids: foodIds }, foodIds.length);
  for (const row of rows) {
    let offered = result.get(row.food_id);
    if (!offered) result.set(row.food_id, (offered = { groups: [], options: new Map() }));
    let group = offered.groups.find((candidate) => candidate.id === row.group_id);
    if (!group) {
      group = { id: row.group_id, name: row.group_name, min: row.min_count, max: row.max_count };
      offered.groups.push(group);
    }
    offered.options.set(row.option_id, {
      id: row.option_id,
      group,
      name: row.option_name,
      priceDeltaCents: row.price_delta_cents,
      available: row.available === 1,
      component:
        row.component_food_id === null
          ? null
          : {
              foodId: row.component_food_id,
              name: row.component_name ?? '',
              categoryId: row.component_category_id ?? '',
              orderable: row.component_available === 1 && row.component_category_available === 1,
              printerId: row.component_printer_id,
              categoryPrinterId: row.component_category_printer_id,
            },
    });
  }
  return result;
}

export type Chosen = Omit<OrderItemChoiceRow, 'item_id'>;

export interface ResolvedChoices {
  /** The choices of each input line, in the order given (empty for a line without). */
  lines: Chosen[][];
  /** The printers of the components' foods and categories, for routing. */
  foodPrinters: Map<string, string | null>;
  categoryPrinters: Map<string, string | null>;
}

/**
 * Checks and copies the choices of each line. `foodNames` are the ordered foods (already checked to exist), for
 * the messages. Throws 400 `choice-invalid` naming every group that is wrong.
 */
export async function resolveChoices(
  trx: Db,
  inputs: readonly OrderItemInput[],
  foodNames: ReadonlyMap<string, string>,
): Promise<ResolvedChoices> {
  const resolved: ResolvedChoices = { lines: [], foodPrinters: new Map(), categoryPrinters: new Map() };
  // A menu with no choices anywhere answers with no rows: the common order costs one look-up.
  const offered = await loadOffered(trx, [...new Set(inputs.map((input) => input.foodId))]);
  const details: IssueDetail[] = [];
  inputs.forEach((input, index) => {
    const path = `body.orderItems.${index}.choices`;
    const food = offered.get(input.foodId) ?? { groups: [], options: new Map<string, OfferedOption>() };
    const foodName = foodNames.get(input.foodId) ?? input.foodId;
    const ids = input.choices ?? [];
    const chosen: OfferedOption[] = [];
    ids.forEach((id, at) => {
      const option = food.options.get(id);
      if (!option) {
        details.push({ path: `${path}.${at}`, message: `${foodName} offers no option ${id}`, code: 'choice-invalid' });
      } else if (ids.indexOf(id) !== at) {
        details.push({
          path: `${path}.${at}`,
          message: `"${option.group.name}": ${option.name} is chosen twice`,
          code: 'choice-invalid',
          group: option.group.id,
        });
      } else if (!option.available || (option.component !== null && !option.component.orderable)) {
        details.push({
          path: `${path}.${at}`,
          message: `"${option.group.name}": ${option.name} is not available`,
          code: 'choice-invalid',
          group: option.group.id,
        });
      } else {
        chosen.push(option);
      }
    });
    for (const group of food.groups) {
      const count = chosen.filter((option) => option.group.id === group.id).length;
      if (count < group.min) {
        details.push({
          path,
          message: `"${group.name}" of ${foodName}: choose at least ${group.min}`,
          code: 'choice-invalid',
          group: group.id,
        });
      } else if (count > group.max) {
        details.push({
          path,
          message: `"${group.name}" of ${foodName}: choose at most ${group.max}`,
          code: 'choice-invalid',
          group: group.id,
        });
      }
    }
    // Stored in the menu's order, whatever order the till sent them in: the same choices make the same line.
    const ordered = food.groups.flatMap((group) =>
      [...food.options.values()].filter((option) => option.group.id === group.id && chosen.includes(option)),
    );
    resolved.lines.push(
      ordered.map((option, position): Chosen => {
        if (option.component) {
          resolved.foodPrinters.set(option.component.foodId, option.component.printerId);
          resolved.categoryPrinters.set(option.component.categoryId, option.component.categoryPrinterId);
        }
        return {
          position,
          option_id: option.id,
          group_name: option.group.name,
          name: option.name,
          price_delta_cents: option.priceDeltaCents,
          component_food_id: option.component?.foodId ?? null,
          component_food_name: option.component?.name ?? null,
          component_category_id: option.component?.categoryId ?? null,
        };
      }),
    );
  });
  if (details.length > 0) {
    throw new InvalidError(
      `Invalid choices: ${details.map((detail) => detail.message).join('; ')}`,
      details,
      'choice-invalid',
    );
  }
  return resolved;
}

/** The chosen components of order lines as portion lines: one unit of the component per unit of its line. */
export async function componentPortionLines(
  trx: Db,
  lines: ReadonlyArray<{ foodId: string; quantity: number; choices?: readonly string[] | undefined }>,
): Promise<Array<{ foodId: string; quantity: number; path: string }>> {
  const ids = [...new Set(lines.flatMap((line) => line.choices ?? []))];
  if (ids.length === 0) return [];
  const rows = await trx
    .selectFrom('food_choice_options')
    .select(['id', 'component_food_id'])
    .where('id', 'in', ids)
    .where('component_food_id', 'is not', null)
    .execute();
  const components = new Map(rows.map((row) => [row.id, row.component_food_id as string]));
  return lines.flatMap((line, index) =>
    [...new Set(line.choices ?? [])].flatMap((id, at) => {
      const foodId = components.get(id);
      return foodId === undefined
        ? []
        : [{ foodId, quantity: line.quantity, path: `body.orderItems.${index}.choices.${at}` }];
    }),
  );
}

/** The stored components of order lines as portion lines. */
export function storedComponentLines(
  items: ReadonlyArray<{ id: string; quantity: number }>,
  choices: ReadonlyMap<string, readonly OrderItemChoiceRow[]>,
): Array<{ foodId: string; quantity: number; path: string }> {
  return items.flatMap((item, index) =>
    (choices.get(item.id) ?? []).flatMap((choice) =>
      choice.component_food_id === null
        ? []
        : [{ foodId: choice.component_food_id, quantity: item.quantity, path: `orderItems.${index}.choices` }],
    ),
  );
}
