import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { PACKAGE_ROOT } from '../../src/version.js';
import type { TestLike } from './app.js';
import { launchBrowser } from './browser.js';
import { oneEmulatorVenue } from './till-venue.js';

const SHOTS = join(PACKAGE_ROOT, '.tap', 'screenshots');
const DOC_IMAGES = join(PACKAGE_ROOT, 'docs', 'images');

/**
 * The till's journey files: the seeded venue on the real executable (printers probed twice a second, so a printer out
 * of paper reaches the status line without a 5-second wait; one emulated 48-column printer), and a 1280 × 800 tablet
 * in the shared browser, not yet on the till. Null when there is no browser outside CI (the file then skips).
 *
 * `page` is always the tablet's current tab: `newPage` replaces it, as a tablet restarting its browser does, and the
 * helpers (`button`, `logIn`, `shot`, `sell`) act on the current one.
 */
export async function openTillJourney(t: TestLike) {
  const browser = await launchBrowser(t);
  if (!browser) return null;
  mkdirSync(SHOTS, { recursive: true });
  const venue = await oneEmulatorVenue(t, { columns: 48, serverArgs: ['--printer-probe', '500'] });
  const { api, printer } = venue;
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  t.teardown(() => context.close());
  let page: Page = await context.newPage();
  const button = (name: string | RegExp) => page.getByRole('button', { name });
  return {
    venue,
    context,
    get page() {
      return page;
    },
    async newPage() {
      page = await context.newPage();
      return page;
    },
    button,
    listOrders: async () => (await api('GET', '/v1/orders?limit=100')).orders as Array<Record<string, any>>,
    /** Tickets (kitchen, bar, receipt) of the order of this customer: every test order has its own customer. */
    ticketsFor: (customer: string) =>
      printer.tickets().filter((ticket) => ticket.includes(`Customer: ${customer}\n`)).length,
    async logIn() {
      await page.getByLabel('Username').fill('giulia');
      await page.getByLabel('Password').fill('sagra-2026');
      await button('Log in').click();
    },
    /** A screenshot to look at (`.tap/screenshots`), and into docs/images with UPDATE_SCREENSHOTS=1. */
    async shot(name: string) {
      await page.screenshot({ path: join(SHOTS, `${name}.png`) });
      if (process.env['UPDATE_SCREENSHOTS'] === '1') {
        mkdirSync(DOC_IMAGES, { recursive: true });
        await page.screenshot({ path: join(DOC_IMAGES, `${name}.png`) });
      }
    },
    /** An evening under way: an order paid at Cassa 1 for each customer, then the till logged in at Cassa 1. */
    async openAtCassa1(customers: string[]) {
      for (const customer of customers) {
        await api('POST', '/v1/orders', {
          table: '12',
          customer,
          orderItems: [{ foodId: venue.menu.foods.margherita, quantity: 1 }],
          confirm: { paymentMethod: 'CASH', cashRegisterId: venue.menu.register },
        });
      }
      await page.goto(`${venue.server.url}/?lang=en`);
      await page.getByLabel('Username').fill('giulia');
      await page.getByLabel('Password').fill('sagra-2026');
      await button('Log in').click();
      await button('Cassa 1').click();
      await button(/^Margherita/).waitFor();
    },
    /** Adds foods, pays by card and waits for the done screen. */
    async sell(foods: Array<[tab: string, food: string]>, customer: string) {
      for (const [tab, food] of foods) {
        await page.getByRole('tab', { name: tab }).click();
        await button(new RegExp(`^${food}`)).click();
      }
      await page.getByLabel('Customer').fill(customer);
      await button('Card').click();
      await button('Confirm card payment').click();
      await page.getByRole('region', { name: 'Paid' }).or(page.getByLabel('Paid')).first().waitFor();
    },
  };
}

/**
 * Runs in the page: the amounts ("€ 26,00") under `selector` that break over two lines. No named inner functions: the
 * page function is sent as text, without tsx's name helper.
 */
export const splitAmounts = (selector: string) => {
  const doc = (globalThis as any).document;
  const split: string[] = [];
  for (const root of doc.querySelectorAll(selector)) {
    const walker = doc.createTreeWalker(root, 4);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const match of (node.textContent as string).matchAll(/€\s?[\d.,]+/g)) {
        const range = doc.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, (match.index as number) + match[0].length);
        if (new Set([...range.getClientRects()].map((rect: any) => Math.round(rect.top))).size > 1)
          split.push(match[0]);
      }
    }
  }
  return split;
};
