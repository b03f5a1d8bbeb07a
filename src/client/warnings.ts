import type { OrderWarning } from '../api/orders.js';

// A confirmation or reprint that prints no customer receipt (and opens no drawer) says so where it was asked: the
// volunteer otherwise waits at a silent printer. A current server says it in the response (`warnings`, each with
// a message to show); an older server sends no `warnings` at all, and the client says what it can tell itself.

/** The messages of the server's no-receipt warnings; null when the server does not send warnings (an older one). */
export function noReceiptWarnings(response: { warnings?: OrderWarning[] }): string[] | null {
  if (!Array.isArray(response.warnings)) return null;
  return response.warnings.filter((warning) => warning.code === 'no-receipt').map((warning) => warning.message);
}
