import type { ApiError } from '../../client/errors.js';
import type { Shortage } from './cart.js';

/**
 * The foods a 409 names as short (portion counts: another till sold the last ones). The server's `details`
 * carry `foodId`, `name`, `requested` and `left` for each; anything else yields none, and the code's words are shown.
 */
export function shortagesIn(status: number, body: unknown): Shortage[] {
  if (status !== 409 || typeof body !== 'object' || body === null) return [];
  const details = (body as { details?: unknown }).details;
  if (!Array.isArray(details)) return [];
  return details.flatMap((detail: Record<string, unknown>) =>
    typeof detail?.['foodId'] === 'string' &&
    typeof detail['name'] === 'string' &&
    Number.isInteger(detail['requested']) &&
    Number.isInteger(detail['left'])
      ? [
          {
            foodId: detail['foodId'],
            name: detail['name'],
            requested: detail['requested'] as number,
            left: detail['left'] as number,
          },
        ]
      : [],
  );
}

/**
 * The foods a refusal names as not available (sold out or switched off while the order waited on the tablet): the
 * details coded `food-unavailable` point at the order's lines (`body.orderItems.<n>.foodId`); each food once, with
 * what the order held. The till says them in the cashier's language (the server's message is English).
 */
export function unavailableIn(
  error: Pick<ApiError, 'detailCodes'>,
  items: ReadonlyArray<{ foodId: string; quantity: number }>,
  names: Record<string, string> = {},
): Shortage[] {
  const foods = new Map<string, Shortage>();
  for (const detail of error.detailCodes) {
    if (detail.code !== 'food-unavailable') continue;
    const index = /^body\.orderItems\.(\d+)\.foodId$/.exec(detail.path)?.[1];
    const foodId = index === undefined ? undefined : items[Number(index)]?.foodId;
    if (!foodId || foods.has(foodId)) continue;
    const requested = items.filter((item) => item.foodId === foodId).reduce((sum, item) => sum + item.quantity, 0);
    foods.set(foodId, { foodId, name: names[foodId] ?? foodId, requested, left: 0 });
  }
  return [...foods.values()];
}
