import { render } from 'ink-testing-library';
import type { ReactElement } from 'react';
import { PosClient } from '../../../src/client/http.js';
import { defaultConfig } from '../../../src/config.js';
import { VenueClock } from '../../../src/core/venue-time.js';
import { DashboardLocale } from '../../../src/tui/texts.js';
import { buildTestApp, type TestApp, type TestLike } from '../../helpers/app.js';
import { waitFor } from '../../helpers/wait.js';

/** A console screen against the whole appliance on 127.0.0.1, typed to as a person types, read as the screen shows. */
export async function serve(
  t: TestLike & { teardown(fn: () => unknown): void },
  options: { start?: string; dayStart?: string } = {},
): Promise<{ app: TestApp; client: PosClient }> {
  // The server's clock starts now: the console reads "today" and the boards the last hours of the real clock. Only
  // when the venue's business day turns within the next quarter of an hour does it start just after the turn, so
  // that "today" holds a test's sales whatever the hour the suite runs at (it failed once at 06:59 in Rome).
  const config = defaultConfig();
  const venue = new VenueClock({ timezone: 'Europe/Rome', ticketReset: config.ticketReset, dayStart: config.dayStart });
  const now = Date.now();
  const nextTurn = venue.businessDayStart(now + 15 * 60_000).getTime();
  const start = nextTurn > now ? nextTurn + 60_000 : now;
  const app = await buildTestApp(t, {
    start: options.start ?? new Date(start).toISOString(),
    ...(options.dayStart ? { config: { dayStart: options.dayStart } } : {}),
  });
  await app.runtime.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.runtime.app.server.address() as { port: number };
  const token = await app.token('admin');
  return { app, client: new PosClient({ baseUrl: `http://127.0.0.1:${port}`, token: () => token }) };
}

export function show(t: { teardown(fn: () => unknown): void }, element: ReactElement, locale: 'en' | 'it' = 'en') {
  const instance = render(<DashboardLocale.Provider value={locale}>{element}</DashboardLocale.Provider>);
  t.teardown(() => instance.unmount());
  const plain = () => (instance.lastFrame() ?? '').replace(/\u001b\[[0-9;]*m/g, '');
  return {
    instance,
    /**
     * Types at a person's fastest pace, after React has run the effects of the last frame: Ink gives keys only to
     * the input handlers those effects register, and a form that has just opened has none before them. React runs
     * its work in slices of a few milliseconds, each a turn of the event loop, and on a busy machine one turn was not
     * always enough (the arrows typed into a form just opened were lost). Several turns and 20 ms, a quicker key
     * than anyone types, are.
     */
    type: async (text: string) => {
      for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setImmediate(resolve));
      await new Promise((resolve) => setTimeout(resolve, 20));
      instance.stdin.write(text);
    },
    /** Waits for the screen to show `what`: 15 s, or longer for what comes on a timer (a list read again). */
    shows: (what: string, check: (text: string) => boolean, timeoutMs = 15_000) =>
      waitFor(`the screen to show ${what}`, () => (check(plain()) ? plain() : null), {
        timeoutMs,
        intervalMs: 10,
        detail: plain,
      }),
  };
}
