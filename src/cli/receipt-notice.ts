import type { OrderWarning } from '../api/orders.js';
import { noReceiptWarnings } from '../client/warnings.js';
import { printErr } from './output.js';

/** Writes "warning: no receipt will print: …" on stderr when the server says so, or (older server) `guess` finds why. */
export async function warnNoReceipt(
  response: { warnings?: OrderWarning[] },
  guess: () => Promise<string | null>,
): Promise<void> {
  const said = noReceiptWarnings(response);
  const messages =
    said ??
    [await guess()]
      .filter((reason): reason is string => reason !== null)
      .map((reason) => `no receipt will print: ${reason}`);
  for (const message of messages) printErr(`warning: ${message}`);
}
