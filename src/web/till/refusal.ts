import type { Shortage } from './cart.js';

/**
 * The foods a 409 names as short (release 1.7 portions: another till sold the last ones). The server's `details`
 * carry `foodId`, `name`, `requested` and `left` for each; anything else yields none, and the message is shown.
 */
export function shortagesIn(status: number, body: unknown): Shortage[] {
  if (status !== 409 || typeof body !== 'object' || body === null) return [];
  const details = (body as { details?: unknown }).details;
  if (!Array.isArray(details)) return [];
  return details.flatMap((detail: Record<string, unknown>) =>
    typeof detail?.['foodId'] === 'string' && typeof detail['name'] === 'string' && Number.isInteger(detail['requested']) && Number.isInteger(detail['left'])
      ? [{ foodId: detail['foodId'], name: detail['name'], requested: detail['requested'] as number, left: detail['left'] as number }]
      : [],
  );
}
