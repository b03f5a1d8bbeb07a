// A cashier inside the page: the bench's taps cost the laptop no CPU, as a person's do not. Driving each tap from
// the test driver (actionability checks, polling, a round trip through the browser process per step) was a large
// share of the CPU the eight tablets and the server were sharing, and so of the time being measured.
//
// A string, because the bench is typed without the DOM library. Buttons are found by their accessible name (the
// aria-label, else the text) like the tests find them; each step waits for its button with a MutationObserver.

export interface CashierRun {
  /** Tap "Confirm card payment" → the display code in the DOM, ms. */
  taps: number[];
  /** The order's POST as the page's network saw it (Resource Timing: start → response end), ms. */
  requests: number[];
}

const CASHIER = `async ({ orders, food, pace }) => {
  const pause = (range) => pace ? new Promise((resolve) => setTimeout(resolve, range[0] + Math.random() * (range[1] - range[0]))) : null;
  const named = (pattern) => [...document.querySelectorAll('button')].find((button) => !button.disabled && pattern.test((button.getAttribute('aria-label') || button.textContent || '').trim()));
  const until = (find) => new Promise((resolve, reject) => {
    const found = find();
    if (found) return resolve(found);
    const observer = new MutationObserver(() => {
      const now = find();
      if (now) { observer.disconnect(); clearTimeout(timer); resolve(now); }
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true });
    const timer = setTimeout(() => { observer.disconnect(); reject(new Error('the till did not show the next step within 30 s')); }, 30000);
  });
  const requests = [];
  const network = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.initiatorType === 'fetch' && entry.name.endsWith('/v1/orders')) requests.push(entry.responseEnd - entry.startTime);
  });
  network.observe({ type: 'resource' });
  const taps = [];
  const foodName = new RegExp('^' + food);
  for (let i = 0; i < orders; i++) {
    (await until(() => named(foodName))).click();
    await pause(pace?.tapMs);
    (await until(() => named(/^Card$/))).click();
    const confirm = await until(() => named(/^Confirm card payment$/));
    await pause(pace?.tapMs);
    const tapped = performance.now();
    confirm.click();
    await until(() => document.querySelector('[data-testid="display-code"]'));
    taps.push(performance.now() - tapped);
    await pause(pace?.handOverMs);
    (await until(() => named(/^New order$/))).click();
    await pause(pace?.tapMs);
  }
  await new Promise((resolve) => setTimeout(resolve, 50)); // the last request's timing entry
  network.disconnect();
  return { taps, requests };
}`;

/**
 * A person's pace, each pause drawn at random in its range (ms): between two taps, and from the number on screen to
 * "New order" (read it out, hand over the receipt). Without it each tablet sells again the instant its number shows.
 */
export interface CashierPace {
  tapMs: [number, number];
  handOverMs: [number, number];
}

/** The fastest a cashier works: a tap every 0.2–0.4 s, a second to hand over. About 2 s an order, 4/s from 8 tills. */
export const CASHIER_PACE: CashierPace = { tapMs: [200, 400], handOverMs: [800, 1200] };

/** The page expression that sells `orders` orders of one `food` by card and resolves to their timings. */
export function cashierScript(orders: number, food: string, pace: CashierPace | null = null): string {
  return `(${CASHIER})(${JSON.stringify({ orders, food, pace })})`;
}
