import { type Kysely, sql } from 'kysely';

// Choices and set menus (docs/catalog.md, "Choices"). A food offers ordered groups of options; an option may name
// another food (a component: a set menu's course), which then goes to its own station and takes its own portions.
// `order_item_choices` keeps what each order line chose as plain copies (names, deltas, the component's food and
// category), like order_items keeps the food's: a later change of the menu never changes a past line.
// `order_station_items` gains `option_id` ('' for the line itself, the option's id for a component sent to a
// station), part of its key since two components of one line may go to the same station: SQLite cannot change a
// primary key, so the table is rebuilt.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('food_choice_groups')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('food_id', 'text', (c) => c.notNull().references('foods.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('min_count', 'integer', (c) => c.notNull().check(sql`min_count >= 0`))
    .addColumn('max_count', 'integer', (c) => c.notNull().check(sql`max_count >= 1 and max_count >= min_count`))
    .execute();
  await db.schema.createIndex('food_choice_groups_food').on('food_choice_groups').columns(['food_id']).execute();

  await db.schema
    .createTable('food_choice_options')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('group_id', 'text', (c) => c.notNull().references('food_choice_groups.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('price_delta_cents', 'integer', (c) => c.notNull())
    // A component's food: deleting it is refused while an option names it (409 in-use), never a silent change.
    .addColumn('component_food_id', 'text', (c) => c.references('foods.id'))
    .addColumn('available', 'integer', (c) => c.notNull().check(sql`available in (0, 1)`))
    .execute();
  await db.schema.createIndex('food_choice_options_group').on('food_choice_options').columns(['group_id']).execute();
  await db.schema
    .createIndex('food_choice_options_component')
    .on('food_choice_options')
    .columns(['component_food_id'])
    .execute();

  await db.schema
    .createTable('order_item_choices')
    .addColumn('item_id', 'text', (c) => c.notNull().references('order_items.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('option_id', 'text', (c) => c.notNull())
    .addColumn('group_name', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('price_delta_cents', 'integer', (c) => c.notNull())
    .addColumn('component_food_id', 'text')
    .addColumn('component_food_name', 'text')
    .addColumn('component_category_id', 'text')
    .addPrimaryKeyConstraint('order_item_choices_pk', ['item_id', 'position'])
    .execute();

  await db.schema
    .createTable('order_station_items_014')
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .addColumn('printer_id', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('option_id', 'text', (c) => c.notNull().defaultTo(''))
    .addPrimaryKeyConstraint('order_station_items_014_pk', ['order_id', 'printer_id', 'item_id', 'option_id'])
    .addForeignKeyConstraint(
      'order_station_items_014_station',
      ['order_id', 'printer_id'],
      'order_stations',
      ['order_id', 'printer_id'],
      (c) => c.onDelete('cascade'),
    )
    .execute();
  await sql`insert into order_station_items_014 (order_id, printer_id, item_id, option_id)
            select order_id, printer_id, item_id, '' from order_station_items`.execute(db);
  await db.schema.dropTable('order_station_items').execute();
  await db.schema.alterTable('order_station_items_014').renameTo('order_station_items').execute();
}
