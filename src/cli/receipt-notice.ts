// A confirmation or reprint that prints no customer receipt (and opens no drawer) says so where it was asked: the
// volunteer otherwise waits at a silent printer. Servers of release 1.7 say it in the response (`warnings`, each
// with a message to show); with an older server the CLI says what it can tell itself.

interface Warning {
  code?: unknown;
  message?: unknown;
}

/** The messages of the server's no-receipt warnings; null when the server does not send warnings at all. */
export function noReceiptWarnings(response: unknown): string[] | null {
  const warnings = (response as { warnings?: unknown } | null)?.warnings;
  if (!Array.isArray(warnings)) return null;
  return (warnings as Warning[]).filter((w) => w?.code === 'no-receipt').map((w) => String(w.message ?? 'no receipt will print'));
}

/** Writes "warning: no receipt will print: …" on stderr when the server says so, or (older server) `guess` finds why. */
export async function warnNoReceipt(response: unknown, guess: () => Promise<string | null>): Promise<void> {
  const said = noReceiptWarnings(response);
  const messages = said ?? [await guess()].filter((reason): reason is string => reason !== null).map((reason) => `no receipt will print: ${reason}`);
  for (const message of messages) process.stderr.write(`warning: ${message}\n`);
}
