import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { WEB_ROOT } from '../../src/server/plugins/web.js';
import { openStorage } from '../../src/storage/database.js';
import { CHROMIUM } from '../../test/helpers/browser.js';
import { seedMenuRows } from '../../test/helpers/seed.js';
import { runPos, startRealServer } from '../../test/helpers/server.js';
import { percentile } from './stats.js';

// The till's budgets (issue 13), measured in Debian's Chromium against the real server: the size of one app, the
// first load to a tappable menu, the page's memory over many orders, and "pay" to the number on screen with
// several tills selling at once.

/**
 * Measured in the page, as the cashier sees it: from the tap (the click event) to the display code on screen. The
 * driver's own round trips (actionability checks, polling) are left out: with 8 pages on 2 busy cores they were
 * most of an outside measurement. A string, because the bench is typed without the DOM library; -1 if it never came.
 */
const TAP_TO_NUMBER = `new Promise((resolve) => {
  let tapped = 0;
  document.addEventListener('click', () => { tapped = performance.now(); }, { capture: true, once: true });
  const observer = new MutationObserver(() => {
    if (tapped && document.querySelector('[data-testid="display-code"]')) { observer.disconnect(); resolve(performance.now() - tapped); }
  });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  setTimeout(() => { observer.disconnect(); resolve(-1); }, 60000);
})`;

export interface TillFigures {
  gzippedKb: number;
  firstLoadMs: number;
  heapGrowthMb: number;
  heapOrders: number;
  payP50Ms: number;
  payP95Ms: number;
  /** The order's POST as the page's network saw it (sent → answered): the server's share of "pay". */
  requestP50Ms: number;
  requestP95Ms: number;
  payTills: number;
  payOrders: number;
}

/** JS + CSS of the till as served (gzip), in KB. */
export function tillBundleKb(): number {
  const html = readFileSync(join(WEB_ROOT, 'index.html'), 'utf8');
  const assets = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1]!);
  return assets.reduce((sum, asset) => sum + gzipSync(readFileSync(join(WEB_ROOT, asset)), { level: 9 }).length, 0) / 1024;
}

export async function tillFigures(options: { lifetime: { teardown(fn: () => unknown): void }; dataDir: string; orders: number; tills: number; ordersPerTill: number }): Promise<TillFigures | null> {
  const gzippedKb = tillBundleKb();
  if (!existsSync(CHROMIUM)) {
    return { gzippedKb, firstLoadMs: Number.NaN, heapGrowthMb: Number.NaN, heapOrders: 0, payP50Ms: Number.NaN, payP95Ms: Number.NaN, requestP50Ms: Number.NaN, requestP95Ms: Number.NaN, payTills: 0, payOrders: 0 };
  }
  const server = await startRealServer(options.lifetime, options.dataDir);
  const storage = openStorage(join(options.dataDir, 'pos.db'));
  await seedMenuRows(storage.db, Date.now());
  await storage.close();
  const admin = runPos(['token', 'create', '--role', 'admin', '--data-dir', options.dataDir]).stdout.trim();
  // One cashier per tablet, as at a venue: eight tablets logging in as one user from one address at the same instant
  // meet the login limit (attempts are counted before the password check), which is not what this step measures.
  const cashiers = Array.from({ length: Math.max(1, options.tills) }, (_, index) => `bench-${index + 1}`);
  for (const username of cashiers) {
    await fetch(`${server.url}/v1/users`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: 'bench-till-1', role: 'operator' }),
    });
  }
  const { chromium } = await import('playwright-core');
  const browser: Browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--js-flags=--expose-gc'] });
  options.lifetime.teardown(() => browser.close());

  const ready = async (page: Page, username = cashiers[0]!) => {
    await page.goto(`${server.url}/?lang=en`);
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').fill('bench-till-1');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('button', { name: 'Cassa 1' }).click();
    await page.getByRole('button', { name: /^Margherita/ }).waitFor();
  };
  const sell = async (page: Page): Promise<{ took: number; requestMs: number }> => {
    await page.getByRole('button', { name: /^Margherita/ }).click();
    await page.getByRole('button', { name: 'Card' }).click();
    const posted = page.waitForEvent('requestfinished', (request) => request.method() === 'POST' && request.url().endsWith('/v1/orders'));
    const shown = page.evaluate<number>(TAP_TO_NUMBER);
    await page.getByRole('button', { name: 'Confirm card payment' }).click();
    await page.getByTestId('display-code').waitFor();
    const took = await shown;
    const requestMs = (await posted).timing().responseEnd;
    await page.getByRole('button', { name: 'New order' }).click();
    return { took, requestMs };
  };

  // First load of a tablet that was used before (logged in, register chosen): to the first enabled food button.
  const first = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await first.newPage();
  await ready(page);
  const loads: number[] = [];
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    await page.reload();
    await page.getByRole('button', { name: /^Margherita/, disabled: false }).waitFor();
    loads.push(performance.now() - started);
  }

  // Memory over many orders: the JS heap after a GC, after the first tenth and at the end.
  const cdp = await first.newCDPSession(page);
  await cdp.send('Performance.enable');
  const heapMb = async () => {
    await cdp.send('HeapProfiler.collectGarbage');
    const { metrics } = await cdp.send('Performance.getMetrics');
    return (metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? Number.NaN) / 1024 / 1024;
  };
  const warm = Math.max(1, Math.round(options.orders / 10));
  for (let i = 0; i < warm; i++) await sell(page);
  const before = await heapMb();
  for (let i = warm; i < options.orders; i++) await sell(page);
  const after = await heapMb();
  await first.close();

  // Several tills at once, each in its own context (its own tablet): tap "Confirm" to the number on screen.
  const tills = await Promise.all(
    Array.from({ length: options.tills }, async (_, index) => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const tillPage = await context.newPage();
      await ready(tillPage, cashiers[index]);
      return tillPage;
    }),
  );
  const sales = (await Promise.all(tills.map(async (tillPage) => {
    const mine: Array<{ took: number; requestMs: number }> = [];
    for (let i = 0; i < options.ordersPerTill; i++) mine.push(await sell(tillPage));
    return mine;
  }))).flat();
  const times = sales.map((sale) => sale.took).filter((ms) => ms >= 0);
  const requests = sales.map((sale) => sale.requestMs).filter((ms) => ms >= 0);
  await server.stop();
  return {
    gzippedKb,
    firstLoadMs: percentile(loads, 50),
    heapGrowthMb: after - before,
    heapOrders: options.orders,
    payP50Ms: percentile(times, 50),
    payP95Ms: percentile(times, 95),
    requestP50Ms: requests.length ? percentile(requests, 50) : Number.NaN,
    requestP95Ms: requests.length ? percentile(requests, 95) : Number.NaN,
    payTills: options.tills,
    payOrders: times.length,
  };
}
