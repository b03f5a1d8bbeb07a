import type { ChoiceGroup, ChoiceGroupInput } from '../../api/catalog.js';
import type { Db } from '../../storage/database.js';
import type { CoreContext } from '../context.js';
import { InvalidError, type IssueDetail } from '../errors.js';

// A food's groups of choices (docs/catalog.md, "Choices"): read with the food, written by its POST and PUT. An
// option that names another food is a component (a set menu's course): that food must have no choices of its own,
// so a component never opens another sheet, and a food that is some menu's component cannot gain choices.

/** The groups of each food, in order, with their options in order. */
export async function choicesOf(db: Db, foodIds: readonly string[]): Promise<Map<string, ChoiceGroup[]>> {
  const result = new Map<string, ChoiceGroup[]>(foodIds.map((id) => [id, []]));
  if (foodIds.length === 0) return result;
  const rows = await db
    .selectFrom('food_choice_groups as g')
    .leftJoin('food_choice_options as o', 'o.group_id', 'g.id')
    .select([
      'g.id as group_id',
      'g.food_id',
      'g.name as group_name',
      'g.min_count',
      'g.max_count',
      'o.id as option_id',
      'o.name as option_name',
      'o.price_delta_cents',
      'o.component_food_id',
      'o.available',
    ])
    .where('g.food_id', 'in', [...foodIds])
    .orderBy('g.food_id')
    .orderBy('g.position')
    .orderBy('o.position')
    .execute();
  const groups = new Map<string, ChoiceGroup>();
  for (const row of rows) {
    let group = groups.get(row.group_id);
    if (!group) {
      group = { id: row.group_id, name: row.group_name, min: row.min_count, max: row.max_count, options: [] };
      groups.set(row.group_id, group);
      result.get(row.food_id)?.push(group);
    }
    if (row.option_id !== null) {
      group.options.push({
        id: row.option_id,
        name: row.option_name ?? '',
        priceDelta: row.price_delta_cents ?? 0,
        foodId: row.component_food_id,
        available: row.available === 1,
      });
    }
  }
  return result;
}

/**
 * The references of a food's groups: every component names another existing food without choices, and a food that
 * is a component of some menu gets no choices. 400 naming each offending option otherwise.
 */
export async function checkChoices(trx: Db, foodId: string | null, groups: readonly ChoiceGroupInput[]) {
  const details: IssueDetail[] = [];
  if (groups.length > 0 && foodId !== null) {
    const usedBy = await trx
      .selectFrom('food_choice_options as o')
      .innerJoin('food_choice_groups as g', 'g.id', 'o.group_id')
      .innerJoin('foods', 'foods.id', 'g.food_id')
      .select('foods.name')
      .where('o.component_food_id', '=', foodId)
      .executeTakeFirst();
    if (usedBy) {
      details.push({ path: 'body.choices', message: `is a component of ${usedBy.name}: a component has no choices` });
    }
  }
  const componentIds = [...new Set(groups.flatMap((group) => group.options.flatMap((option) => option.foodId ?? [])))];
  const components = componentIds.length
    ? await trx.selectFrom('foods').select(['id', 'role']).where('id', 'in', componentIds).execute()
    : [];
  const known = new Set(components.map((row) => row.id));
  // The cover charge and the takeaway fee are lines the server adds by the order's service: never a menu's course.
  const withRole = new Set(components.filter((row) => row.role !== null).map((row) => row.id));
  const withChoices = new Set(
    componentIds.length
      ? (
          await trx
            .selectFrom('food_choice_groups')
            .select('food_id')
            .distinct()
            .where('food_id', 'in', componentIds)
            .execute()
        ).map((row) => row.food_id)
      : [],
  );
  groups.forEach((group, g) => {
    group.options.forEach((option, o) => {
      if (option.foodId === null) return;
      const path = `body.choices.${g}.options.${o}.foodId`;
      if (option.foodId === foodId) details.push({ path, message: 'a food is not its own component' });
      else if (!known.has(option.foodId)) details.push({ path, message: 'unknown food' });
      else if (withChoices.has(option.foodId)) details.push({ path, message: 'a component must have no choices' });
      else if (withRole.has(option.foodId))
        details.push({ path, message: 'a component must be a food, not the cover charge or the takeaway fee' });
    });
  });
  if (details.length > 0) throw new InvalidError(`Invalid choices: ${details[0]?.message}`, details);
}

/**
 * The lowest unit price the groups allow: the price with the most negative deltas a customer may pick (up to each
 * group's max). A food whose choices could make it cost less than nothing is refused.
 */
export function checkLowestPrice(
  priceCents: number,
  groups: ReadonlyArray<
    Pick<ChoiceGroup, 'max'> & {
      options: ReadonlyArray<{ priceDelta: number }>;
    }
  >,
): void {
  let lowest = priceCents;
  for (const group of groups) {
    const negatives = group.options
      .map((option) => option.priceDelta)
      .filter((delta) => delta < 0)
      .sort((a, b) => a - b)
      .slice(0, group.max);
    for (const delta of negatives) lowest += delta;
  }
  if (lowest < 0) {
    throw new InvalidError('Choices would make the price negative', [
      { path: 'body.choices', message: 'the price with the lowest choices would be below 0', code: 'too-small' },
    ]);
  }
}

/**
 * Writes a food's groups in place of its old ones. Ids are kept where they can be matched (the id given, else a
 * group of the same name and, inside it, an option of the same name), so a PUT that renames nothing keeps every id
 * a till or an open order refers to; anything else gets a new id.
 */
export async function setChoices(
  trx: Db,
  ctx: CoreContext,
  foodId: string,
  groups: readonly ChoiceGroupInput[],
): Promise<void> {
  const before = (await choicesOf(trx, [foodId])).get(foodId) ?? [];
  await trx.deleteFrom('food_choice_groups').where('food_id', '=', foodId).execute();
  const usedGroups = new Set<string>();
  const usedOptions = new Set<string>();
  for (const [position, group] of groups.entries()) {
    const old =
      before.find((candidate) => candidate.id === group.id) ??
      before.find((candidate) => candidate.name.toLowerCase() === group.name.toLowerCase());
    const groupId = old && !usedGroups.has(old.id) ? old.id : ctx.newId();
    usedGroups.add(groupId);
    await trx
      .insertInto('food_choice_groups')
      .values({ id: groupId, food_id: foodId, position, name: group.name, min_count: group.min, max_count: group.max })
      .execute();
    const rows = group.options.map((option, index) => {
      const match =
        before.flatMap((g) => g.options).find((candidate) => candidate.id === option.id) ??
        old?.options.find((candidate) => candidate.name.toLowerCase() === option.name.toLowerCase());
      const id = match && !usedOptions.has(match.id) ? match.id : ctx.newId();
      usedOptions.add(id);
      return {
        id,
        group_id: groupId,
        position: index,
        name: option.name,
        price_delta_cents: option.priceDelta,
        component_food_id: option.foodId,
        available: option.available ? 1 : 0,
      };
    });
    await trx.insertInto('food_choice_options').values(rows).execute();
  }
}

/** A food some set menu names as a component cannot be deleted: 409 naming the menu. */
export async function componentOf(trx: Db, foodId: string): Promise<string | null> {
  const row = await trx
    .selectFrom('food_choice_options as o')
    .innerJoin('food_choice_groups as g', 'g.id', 'o.group_id')
    .innerJoin('foods', 'foods.id', 'g.food_id')
    .select('foods.name')
    .where('o.component_food_id', '=', foodId)
    .executeTakeFirst();
  return row?.name ?? null;
}
