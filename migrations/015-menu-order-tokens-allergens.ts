import { type Kysely, sql } from 'kysely';

// The menu's own order, per-register menus, drink tokens and allergens (docs/catalog.md):
// - `foods.position`: the food's place inside its category (lists sort by category position, food position, name);
// - `foods.allergens`: a JSON array of allergen codes, in the order of the EU list (src/api/enums.ts ALLERGENS); the
//   schemas check the codes, so a new code needs no table rebuild;
// - `categories.ticket_per_unit`: 1 when the category's kitchen tickets come out as one small token per unit;
// - `cash_registers.category_ids`: a JSON array of the categories its till shows; null shows them all.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('foods')
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('foods')
    .addColumn('allergens', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .alterTable('categories')
    .addColumn('ticket_per_unit', 'integer', (c) => c.notNull().defaultTo(0).check(sql`ticket_per_unit in (0, 1)`))
    .execute();
  await db.schema.alterTable('cash_registers').addColumn('category_ids', 'text').execute();
}
