import { type Kysely, sql } from 'kysely';

// Catalog, people and credentials. Timestamps are integer milliseconds since the epoch (UTC); booleans are 0/1.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('username', 'text', (c) => c.notNull().unique().modifyEnd(sql`collate nocase`))
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('admin', 'operator')`))
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('revoked_tokens')
    .addColumn('jti', 'text', (c) => c.primaryKey())
    .addColumn('revoked_at', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'integer')
    .execute();

  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull().check(sql`scope in ('printer', 'display')`))
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addColumn('last_used_at', 'integer')
    .execute();

  await db.schema
    .createTable('printers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('port', 'integer', (c) => c.notNull().defaultTo(9100))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('ONLINE', 'OFFLINE', 'ERROR')`))
    .addColumn('columns', 'integer', (c) => c.notNull().defaultTo(48).check(sql`columns in (32, 42, 48)`))
    .addColumn('cash_drawer', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('categories')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique().modifyEnd(sql`collate nocase`))
    .addColumn('available', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('printer_id', 'text', (c) => c.references('printers.id').onDelete('set null'))
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('ingredients')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique().modifyEnd(sql`collate nocase`))
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('foods')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique().modifyEnd(sql`collate nocase`))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('price_cents', 'integer', (c) => c.notNull().check(sql`price_cents >= 0`))
    .addColumn('category_id', 'text', (c) => c.notNull().references('categories.id').onDelete('restrict'))
    .addColumn('printer_id', 'text', (c) => c.references('printers.id').onDelete('set null'))
    .addColumn('available', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('foods_category').on('foods').column('category_id').execute();

  await db.schema
    .createTable('food_ingredients')
    .addColumn('food_id', 'text', (c) => c.notNull().references('foods.id').onDelete('cascade'))
    .addColumn('ingredient_id', 'text', (c) => c.notNull().references('ingredients.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('food_ingredients_pk', ['food_id', 'ingredient_id'])
    .execute();
  await db.schema.createIndex('food_ingredients_ingredient').on('food_ingredients').column('ingredient_id').execute();

  await db.schema
    .createTable('cash_registers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('default_printer_id', 'text', (c) => c.references('printers.id').onDelete('set null'))
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('banners')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('EVENT', 'SPONSOR')`))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('website', 'text', (c) => c.notNull())
    .addColumn('social1', 'text', (c) => c.notNull())
    .addColumn('social2', 'text', (c) => c.notNull())
    .addColumn('image_file', 'text')
    .addColumn('color', 'text', (c) => c.notNull())
    .addColumn('date_time', 'integer', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'integer', (c) => c.notNull())
    .execute();

  // Who did what, for the treasurer: deleted orders with their totals, reprints, closures.
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('at', 'integer', (c) => c.notNull())
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_entity').on('audit_log').columns(['entity', 'entity_id']).execute();
}
