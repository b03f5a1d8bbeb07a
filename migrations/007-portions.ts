import { type Kysely, sql } from 'kysely';

// Portion counts (docs/catalog.md). A food and an ingredient may carry a count (null: not counted).
// `sold_out_by_stock` remembers why a food is off: 1 when running out switched it off (a restock brings it back),
// 0 when a person did (it stays off). `order_portions` is the ledger of what each confirmation took, so that a
// cancellation gives back exactly that, whatever changed in the menu since.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('foods')
    .addColumn('stock', 'integer', (c) => c.check(sql`stock is null or stock >= 0`))
    .execute();
  await db.schema
    .alterTable('foods')
    .addColumn('sold_out_by_stock', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('ingredients')
    .addColumn('stock', 'integer', (c) => c.check(sql`stock is null or stock >= 0`))
    .execute();

  await db.schema
    .createTable('order_portions')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    // Exactly one of the two: the count the units were taken from. A deleted food or ingredient has no count left
    // to give back to, so its ledger rows go with it.
    .addColumn('food_id', 'text', (c) => c.references('foods.id').onDelete('cascade'))
    .addColumn('ingredient_id', 'text', (c) => c.references('ingredients.id').onDelete('cascade'))
    .addColumn('units', 'integer', (c) => c.notNull().check(sql`units > 0`))
    .addCheckConstraint('order_portions_one_count', sql`(food_id is null) <> (ingredient_id is null)`)
    .execute();
  await db.schema.createIndex('order_portions_order').on('order_portions').column('order_id').execute();
  // Deleting a food or an ingredient cascades here: without these indexes each delete would scan the ledger.
  await db.schema.createIndex('order_portions_food').on('order_portions').column('food_id').execute();
  await db.schema.createIndex('order_portions_ingredient').on('order_portions').column('ingredient_id').execute();
}
