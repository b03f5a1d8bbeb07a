import type { z } from 'zod';
import type { DisplayOrder } from '../api/display.js';
import type { BannerRow } from '../storage/schema.js';
import { type CoreContext, reader } from './context.js';
import { listBanners } from './catalog/banners.js';

/** Orders older than this are not shown, even if nobody marked them picked up (a forgotten order from yesterday). */
export const DISPLAY_HORIZON_MS = 12 * 3600_000;

/**
 * What the ready-number screen shows: orders in the kitchen (CONFIRMED) and ready to pick up (COMPLETED), newest
 * ready first, with the active banners. The event position is read before the orders, so a screen that subscribes
 * from it may see an event it already reflects (harmless), never miss one.
 */
export async function displayState(ctx: CoreContext): Promise<{
  preparing: Array<z.infer<typeof DisplayOrder>>;
  ready: Array<z.infer<typeof DisplayOrder>>;
  banners: BannerRow[];
  lastEventId: number;
}> {
  const db = reader(ctx);
  const { maxId } = await db
    .selectFrom('events')
    .select((eb) => eb.fn.max<number | null>('id').as('maxId'))
    .executeTakeFirstOrThrow();
  const since = ctx.clock.now().getTime() - DISPLAY_HORIZON_MS;
  const orders = await db
    .selectFrom('orders')
    .select(['id', 'ticket_number', 'display_code', 'status', 'confirmed_at', 'completed_at'])
    .where('status', 'in', ['CONFIRMED', 'COMPLETED'])
    .where('confirmed_at', '>=', since)
    .execute();
  const entry = (order: (typeof orders)[number], at: number | null) => ({
    id: order.id,
    ticketNumber: order.ticket_number,
    displayCode: order.display_code,
    since: new Date(at ?? order.confirmed_at ?? 0).toISOString(),
  });
  const preparing = orders
    .filter((order) => order.status === 'CONFIRMED')
    .sort((a, b) => (a.confirmed_at ?? 0) - (b.confirmed_at ?? 0))
    .map((order) => entry(order, order.confirmed_at));
  const ready = orders
    .filter((order) => order.status === 'COMPLETED')
    .sort((a, b) => (b.completed_at ?? 0) - (a.completed_at ?? 0))
    .map((order) => entry(order, order.completed_at));
  return { preparing, ready, banners: await listBanners(ctx, { onlyActive: true }), lastEventId: maxId ?? 0 };
}
