import { cuid } from '../../src/core/ids.js';
import type { Db } from '../../src/storage/database.js';

// The realistic menu of the issue: 8 categories, 60 foods, 6 printers (the emulators), 4 registers.

export interface BenchVenue {
  foods: Array<{
    id: string;
    name: string;
    priceCents: number;
    categoryId: string;
    categoryName: string;
    categoryPosition: number;
  }>;
  registers: string[];
}

const CATEGORIES = ['Antipasti', 'Primi', 'Secondi', 'Pizze', 'Contorni', 'Dolci', 'Bevande', 'Vini'];

export async function seedVenue(db: Db, printerPorts: readonly number[], now = Date.now()): Promise<BenchVenue> {
  const stamp = { created_at: now, updated_at: now };
  const printers = printerPorts.map((port, index) => ({
    id: cuid(),
    name: `Stampante ${index + 1}`,
    ip: '127.0.0.1',
    port,
    description: '',
    status: 'ONLINE' as const,
    columns: 48,
    cash_drawer: index === printerPorts.length - 1 ? 1 : 0,
    ...stamp,
  }));
  await db.insertInto('printers').values(printers).execute();
  const categories = CATEGORIES.map((name, index) => ({
    id: cuid(),
    name,
    available: 1,
    position: index + 1,
    printer_id: printers[index % (printers.length - 1)]!.id,
    ...stamp,
  }));
  await db.insertInto('categories').values(categories).execute();
  const foods: BenchVenue['foods'] = [];
  for (let index = 0; index < 60; index++) {
    const category = categories[index % categories.length]!;
    foods.push({
      id: cuid(),
      name: `${category.name} ${index + 1}`,
      priceCents: 300 + (index % 12) * 50,
      categoryId: category.id,
      categoryName: category.name,
      categoryPosition: category.position,
    });
  }
  await db
    .insertInto('foods')
    .values(
      foods.map((food) => ({
        id: food.id,
        name: food.name,
        description: '',
        price_cents: food.priceCents,
        category_id: food.categoryId,
        printer_id: null,
        available: 1,
        ...stamp,
      })),
    )
    .execute();
  const till = printers[printers.length - 1]!.id;
  const registers = Array.from({ length: 4 }, (_, index) => ({
    id: cuid(),
    name: `Cassa ${index + 1}`,
    enabled: 1,
    default_printer_id: till,
    ...stamp,
  }));
  await db.insertInto('cash_registers').values(registers).execute();
  return { foods, registers: registers.map((register) => register.id) };
}

/** Order bodies of three lines each, cycled through by the load generator. */
export function orderBodies(venue: BenchVenue, count = 64): string[] {
  return Array.from({ length: count }, (_, index) =>
    JSON.stringify({
      table: String(1 + (index % 40)),
      customer: `Bench ${index}`,
      orderItems: [0, 1, 2].map((line) => ({
        foodId: venue.foods[(index * 7 + line * 13) % venue.foods.length]!.id,
        quantity: 1 + ((index + line) % 3),
      })),
      confirm: {
        paymentMethod: index % 3 === 0 ? 'CARD' : 'CASH',
        cashRegisterId: venue.registers[index % venue.registers.length],
      },
    }),
  );
}
