import type { Db } from '../../src/storage/database.js';
import { cuid } from '../../src/core/ids.js';
import type { TestApp } from './app.js';
import type { TestCore } from './core.js';

export interface SeededMenu {
  printers: { kitchen: string; bar: string; till: string };
  categories: { pizzas: string; drinks: string; desserts: string };
  foods: { margherita: string; diavola: string; beer: string; water: string; tiramisu: string };
  register: string;
  disabledRegister: string;
}

/**
 * A small menu written straight into the database (independent of the catalog routes): three printers, three
 * categories, five foods (prices in cents), an enabled and a disabled register. Into a test app's database or a
 * test core's (both have `runtime.ctx` and `runtime.storage`).
 */
export async function seedMenu(app: Pick<TestCore, 'runtime'>): Promise<SeededMenu> {
  const { ctx, storage } = app.runtime;
  return seedMenuRows(storage.db, ctx.clock.now().getTime());
}

/** The same menu into any database (an end-to-end test seeds the data dir of a running server). */
export async function seedMenuRows(db: Db, now: number, id: () => string = cuid): Promise<SeededMenu> {
  const printers = { kitchen: id(), bar: id(), till: id() };
  const categories = { pizzas: id(), drinks: id(), desserts: id() };
  const foods = { margherita: id(), diavola: id(), beer: id(), water: id(), tiramisu: id() };
  const register = id();
  const disabledRegister = id();
  const stamp = { created_at: now, updated_at: now };
  await db
    .insertInto('printers')
    .values([
      {
        id: printers.kitchen,
        name: 'Kitchen',
        ip: '127.0.0.1',
        port: 9,
        description: '',
        status: 'ONLINE',
        columns: 48,
        cash_drawer: 0,
        ...stamp,
      },
      {
        id: printers.bar,
        name: 'Bar',
        ip: '127.0.0.1',
        port: 9,
        description: '',
        status: 'ONLINE',
        columns: 42,
        cash_drawer: 0,
        ...stamp,
      },
      {
        id: printers.till,
        name: 'Till',
        ip: '127.0.0.1',
        port: 9,
        description: '',
        status: 'ONLINE',
        columns: 32,
        cash_drawer: 1,
        ...stamp,
      },
    ])
    .execute();
  await db
    .insertInto('categories')
    .values([
      { id: categories.pizzas, name: 'Pizze', available: 1, position: 1, printer_id: printers.kitchen, ...stamp },
      { id: categories.drinks, name: 'Bevande', available: 1, position: 2, printer_id: printers.bar, ...stamp },
      { id: categories.desserts, name: 'Dolci', available: 1, position: 3, printer_id: null, ...stamp },
    ])
    .execute();
  await db
    .insertInto('foods')
    .values([
      {
        id: foods.margherita,
        name: 'Margherita',
        description: 'Pomodoro e mozzarella',
        price_cents: 750,
        category_id: categories.pizzas,
        printer_id: null,
        available: 1,
        ...stamp,
      },
      {
        id: foods.diavola,
        name: 'Diavola',
        description: 'Salame piccante',
        price_cents: 850,
        category_id: categories.pizzas,
        printer_id: null,
        available: 1,
        ...stamp,
      },
      {
        id: foods.beer,
        name: 'Birra',
        description: '0,4 l',
        price_cents: 400,
        category_id: categories.drinks,
        printer_id: null,
        available: 1,
        ...stamp,
      },
      {
        id: foods.water,
        name: 'Acqua',
        description: '',
        price_cents: 100,
        category_id: categories.drinks,
        printer_id: null,
        available: 0,
        ...stamp,
      },
      {
        id: foods.tiramisu,
        name: 'Tiramisù',
        description: 'Fatto in casa',
        price_cents: 450,
        category_id: categories.desserts,
        printer_id: printers.kitchen,
        available: 1,
        ...stamp,
      },
    ])
    .execute();
  await db
    .insertInto('cash_registers')
    .values([
      { id: register, name: 'Cassa 1', enabled: 1, default_printer_id: printers.till, ...stamp },
      { id: disabledRegister, name: 'Cassa 2', enabled: 0, default_printer_id: printers.till, ...stamp },
    ])
    .execute();
  return { printers, categories, foods, register, disabledRegister };
}

/** Every row of a table, for "a rejected request changed nothing" checks. */
export async function snapshotTables(
  app: TestApp,
  tables: string[] = ['orders', 'order_items', 'events', 'ticket_counters', 'idempotency_keys'],
) {
  const db = app.runtime.storage.db;
  const result: Record<string, unknown[]> = {};
  for (const table of tables) {
    result[table] = await db
      .selectFrom(table as 'orders')
      .selectAll()
      .execute();
  }
  return result;
}
