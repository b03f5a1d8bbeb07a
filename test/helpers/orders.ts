import type { TestApp } from './app.js';
import type { SeededMenu } from './seed.js';

/** Events recorded in the outbox since `afterId`, parsed. */
export async function eventsSince(app: TestApp, afterId = 0) {
  const rows = await app.runtime.storage.db
    .selectFrom('events')
    .selectAll()
    .where('id', '>', afterId)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    channel: row.channel,
    name: row.name,
    payload: JSON.parse(row.payload) as Record<string, any>,
  }));
}

export async function lastEventId(app: TestApp): Promise<number> {
  const row = await app.runtime.storage.db
    .selectFrom('events')
    .select((eb) => eb.fn.max<number | null>('id').as('id'))
    .executeTakeFirstOrThrow();
  return row.id ?? 0;
}

export function pizzaOrder(menu: SeededMenu, extra: Record<string, unknown> = {}) {
  return {
    table: '12',
    customer: 'Rossi',
    orderItems: [
      { foodId: menu.foods.margherita, quantity: 2, notes: 'senza basilico' },
      { foodId: menu.foods.beer, quantity: 3, surcharge: 1 },
    ],
    ...extra,
  };
}

export async function createOrder(app: TestApp, body: unknown, headers: Record<string, string> = {}) {
  const response = await app.request({ method: 'POST', url: '/v1/orders', body, headers, as: 'operator' });
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.statusCode} ${response.body}`);
  return response.json() as { id: number; displayCode: string; ticketNumber: number | null; status: string };
}
