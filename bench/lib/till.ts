import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { WEB_ROOT } from '../../src/server/plugins/web.js';
import { PrinterEmulator } from '../../src/printer/emulator.js';
import { openStorage } from '../../src/storage/database.js';
import { CHROMIUM } from '../../test/helpers/browser.js';
import { seedMenuRows } from '../../test/helpers/seed.js';
import { runPos, startRealServer } from '../../test/helpers/server.js';
import { percentile } from './stats.js';
import { cashierScript, CASHIER_PACE, type CashierPace, type CashierRun } from './till-cashier.js';

// The till's budgets (docs/performance.md), measured in Debian's Chromium against the real server: the size of one
// app, the first load to a tappable menu, the page's memory over many orders, and "pay" to the number on screen with
// several tills selling at once.

/** A venue's Wi-Fi for the first load: 20 Mbit/s each way, 10 ms there and back. */
const WIFI = { latencyMs: 10, bytesPerSecond: (20 * 1_000_000) / 8 };

export interface TillFigures {
  gzippedKb: number;
  firstLoadMs: number;
  heapGrowthMb: number;
  heapOrders: number;
  /** One till alone (the heap run): tap "Confirm" to the number on screen. */
  aloneP50Ms: number;
  aloneP95Ms: number;
  payP50Ms: number;
  payP95Ms: number;
  /** The order's POST as the page's network saw it (sent → answered): the server's share of "pay". */
  requestP50Ms: number;
  requestP95Ms: number;
  /** The same tills with no pause between orders. */
  stressP95Ms: number;
  stressPerSecond: number;
  /** The order's request in the stress run: how much of its time is the request, how much the page waiting for CPU. */
  stressRequestP95Ms: number;
  payTills: number;
  payOrders: number;
  /** Tickets the emulated printers received over the whole step (a kitchen ticket and a receipt per sale). */
  ticketsPrinted: number;
}

/**
 * JS + CSS of the till as served (gzip), in KB: what its page names and the larger of its two words files, which it
 * loads before its first paint (as test/web/till-download.test.ts counts brotli).
 */
export function tillBundleKb(): number {
  const html = readFileSync(join(WEB_ROOT, 'index.html'), 'utf8');
  const assets = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1]!);
  const gzipped = (asset: string) => gzipSync(readFileSync(join(WEB_ROOT, asset)), { level: 9 }).length;
  const words = readdirSync(join(WEB_ROOT, 'assets'))
    .filter((name) => /^words-till-[a-z]{2}-[\w-]+\.js$/.test(name))
    .map((name) => gzipped(`assets/${name}`));
  return (assets.reduce((sum, asset) => sum + gzipped(asset), 0) + Math.max(0, ...words)) / 1024;
}

export async function tillFigures(options: {
  lifetime: { teardown(fn: () => unknown): void };
  dataDir: string;
  orders: number;
  tills: number;
  ordersPerTill: number;
}): Promise<TillFigures | null> {
  const gzippedKb = tillBundleKb();
  if (!existsSync(CHROMIUM)) {
    return {
      gzippedKb,
      firstLoadMs: Number.NaN,
      heapGrowthMb: Number.NaN,
      heapOrders: 0,
      aloneP50Ms: Number.NaN,
      aloneP95Ms: Number.NaN,
      stressP95Ms: Number.NaN,
      stressPerSecond: Number.NaN,
      stressRequestP95Ms: Number.NaN,
      payP50Ms: Number.NaN,
      payP95Ms: Number.NaN,
      requestP50Ms: Number.NaN,
      requestP95Ms: Number.NaN,
      payTills: 0,
      payOrders: 0,
      ticketsPrinted: 0,
    };
  }
  const server = await startRealServer(options.lifetime, options.dataDir);
  // The venue's three printers, emulated in this process (which is idle while the pages sell): every sale prints its
  // kitchen ticket and receipt, as at a venue, rather than failing against a printer that is not there.
  let printed = 0;
  const printers = Array.from(
    { length: 3 },
    () => new PrinterEmulator({ host: '127.0.0.1', onTicket: () => void printed++ }),
  );
  const ports = await Promise.all(printers.map((printer) => printer.start()));
  options.lifetime.teardown(() => Promise.all(printers.map((printer) => printer.stop())));
  const storage = openStorage(join(options.dataDir, 'pos.db'));
  const menu = await seedMenuRows(storage.db, Date.now());
  for (const [index, id] of [menu.printers.kitchen, menu.printers.bar, menu.printers.till].entries()) {
    await storage.db.updateTable('printers').set({ port: ports[index]! }).where('id', '=', id).execute();
  }
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
  const browser: Browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--js-flags=--expose-gc',
    ],
  });
  options.lifetime.teardown(() => browser.close());

  const ready = async (page: Page, username = cashiers[0]!) => {
    await page.goto(`${server.url}/?lang=en`);
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').fill('bench-till-1');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('button', { name: 'Cassa 1' }).click();
    await page.getByRole('button', { name: /^Margherita/ }).waitFor();
  };
  const sell = (page: Page, orders: number, pace: CashierPace | null = null) =>
    page.evaluate<CashierRun>(cashierScript(orders, 'Margherita', pace));

  // First load of a tablet that was used before (logged in, register chosen): to the first enabled food button, with
  // nothing in the browser's cache and the network of a venue's Wi-Fi (20 Mbit/s, 10 ms there and back) rather than
  // loopback. Everything comes again: the page, its scripts and styles, the menu.
  const first = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await first.newPage();
  await ready(page);
  const cdp = await first.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: WIFI.latencyMs,
    downloadThroughput: WIFI.bytesPerSecond,
    uploadThroughput: WIFI.bytesPerSecond,
  });
  const loads: number[] = [];
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    await page.reload();
    await page.getByRole('button', { name: /^Margherita/, disabled: false }).waitFor();
    loads.push(performance.now() - started);
  }
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });

  // Memory over many orders: the JS heap after a GC, after the first tenth and at the end.
  await cdp.send('Performance.enable');
  const heapMb = async () => {
    await cdp.send('HeapProfiler.collectGarbage');
    const { metrics } = await cdp.send('Performance.getMetrics');
    return (metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? Number.NaN) / 1024 / 1024;
  };
  const warm = Math.max(1, Math.round(options.orders / 10));
  await sell(page, warm);
  const before = await heapMb();
  const alone = await sell(page, options.orders - warm);
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
  // First at a person's fastest pace (the budget), then with no pause at all: the tablets and the server saturating
  // the two cores they share, which no venue's tablets do to its laptop.
  const runs = await Promise.all(tills.map((tillPage) => sell(tillPage, options.ordersPerTill, CASHIER_PACE)));
  const times = runs.flatMap((run) => run.taps);
  const requests = runs.flatMap((run) => run.requests);
  const stressStarted = performance.now();
  const stressRuns = await Promise.all(tills.map((tillPage) => sell(tillPage, options.ordersPerTill)));
  const stress = stressRuns.flatMap((run) => run.taps);
  const stressRequests = stressRuns.flatMap((run) => run.requests);
  const stressPerSecond = stress.length / ((performance.now() - stressStarted) / 1000);
  await server.stop();
  return {
    gzippedKb,
    firstLoadMs: percentile(loads, 50),
    heapGrowthMb: after - before,
    heapOrders: options.orders,
    aloneP50Ms: percentile(alone.taps, 50),
    aloneP95Ms: percentile(alone.taps, 95),
    payP50Ms: percentile(times, 50),
    payP95Ms: percentile(times, 95),
    requestP50Ms: requests.length ? percentile(requests, 50) : Number.NaN,
    requestP95Ms: requests.length ? percentile(requests, 95) : Number.NaN,
    stressP95Ms: percentile(stress, 95),
    stressPerSecond,
    stressRequestP95Ms: stressRequests.length ? percentile(stressRequests, 95) : Number.NaN,
    payTills: options.tills,
    payOrders: times.length,
    ticketsPrinted: printed,
  };
}
