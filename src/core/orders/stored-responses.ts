import { type CoreContext, reader } from '../context.js';
import { centsToDecimal } from '../money.js';

// A response kept for an Idempotency-Key (25 hours) may have been stored by the release before: a retry that spans
// an upgrade gets it in today's shape, with what was added since filled in, rather than a response that no longer
// matches its schema (a 500).

type Stored = Record<string, unknown>;

/** Covers and service came later: an order answered before them had none (a table, covers not asked). */
const withService = (stored: Stored): Stored => ({ covers: 0, service: 'TABLE', ...stored });

/** POST /v1/orders: `discount` and `total` from the order, `warnings` empty (nothing is printed again). */
export async function currentCreationResponse(ctx: CoreContext, body: unknown): Promise<unknown> {
  const stored = body as Stored;
  if (typeof stored !== 'object' || stored === null) return body;
  if ('total' in stored && 'warnings' in stored) return withService(stored);
  let { discount, total } = stored;
  if (total === undefined || discount === undefined) {
    const order = await reader(ctx)
      .selectFrom('orders')
      .select(['discount_cents', 'total_cents'])
      .where('id', '=', Number(stored['id']))
      .executeTakeFirst();
    // An order deleted since: what the creation answered then, before any discount.
    discount = order ? centsToDecimal(order.discount_cents) : '0.00';
    total = order ? centsToDecimal(order.total_cents) : stored['subTotal'];
  }
  return withService({ ...stored, discount, total, warnings: stored['warnings'] ?? [] });
}

/** POST /v1/orders/{id}/confirm: `warnings` empty when the stored response has none. */
export function currentOrderResponse(body: unknown): unknown {
  const stored = body as Stored;
  if (typeof stored !== 'object' || stored === null) return body;
  return withService('warnings' in stored ? stored : { ...stored, warnings: [] });
}
