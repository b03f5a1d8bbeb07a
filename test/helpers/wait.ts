/**
 * The one way a test waits for something to become true. Polls `check` until it returns a truthy value and returns
 * that value; throws after `timeoutMs` with what was awaited (and `detail()`, e.g. the last screen). A check that
 * throws ends the wait at once with its error (a process that exited, a failed request).
 *
 * Timeouts are bounds, not budgets: a condition that holds returns as soon as it is seen, so a generous bound costs
 * nothing on a quick machine and saves a flaky failure on a loaded one.
 */
export interface WaitOptions {
  /** The bound; 30 s unless told (a machine busy with other work can be ten times slower than an idle one). */
  timeoutMs?: number;
  /** Pause between checks; 50 ms unless told (screens that redraw every 10 ms want less). */
  intervalMs?: number;
  /** More words for the failure message, read when the wait fails. */
  detail?: () => string;
}

export async function waitFor<T>(
  what: string,
  check: () => T | Promise<T>,
  options: WaitOptions = {},
): Promise<Exclude<T, null | undefined | false | 0 | ''>> {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const intervalMs = options.intervalMs ?? 50;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as Exclude<T, null | undefined | false | 0 | ''>;
    if (Date.now() > deadline) {
      const detail = options.detail?.();
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${detail ? `\n${detail}` : ''}`);
    }
    await sleep(intervalMs);
  }
}

/** A pause that paces a load (sales at ten a second, a client that reads slowly); never a wait for a result. */
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
