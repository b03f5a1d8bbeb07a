import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import t from 'tap';
import { PACKAGE_ROOT } from '../../src/version.js';
import { qrDrawing } from '../../src/web/menu/qr-path.js';
import { decodeCart } from '../../src/web/shared/cart-code.js';
import { tempDir } from '../helpers/app.js';
import { launchBrowser } from '../helpers/browser.js';
import { runPosInProcess } from '../helpers/cli.js';
import { startEmulatorProcess } from '../helpers/emulator-process.js';
import { startRealServer } from '../helpers/server.js';
import { adminApi, seedServerMenu } from '../helpers/venue.js';
import { waitFor } from '../helpers/wait.js';

// The waiter's phone and the customers' menu page in Debian's Chromium, against the real executable and emulated
// printers (docs/waiter.md, docs/menu-page.md): a waiter seats a paid order and only then does the kitchen get its
// ticket, with the table; a customer builds a cart on the single-file page with no network, and the till loads it.

const SHOTS = join(PACKAGE_ROOT, '.tap', 'screenshots');
const DOC_IMAGES = join(PACKAGE_ROOT, 'docs', 'images');

t.test('the waiter seats orders; the menu page makes a cart the till loads', async (t) => {
  const browser = await launchBrowser(t);
  if (!browser) {
    t.comment('SKIPPED: no chromium on this machine (apt-get install chromium); in CI this is a failure');
    return;
  }
  mkdirSync(SHOTS, { recursive: true });
  const dataDir = tempDir(t);
  const server = await startRealServer(t, dataDir, ['--printer-probe', '300']);
  const menu = await seedServerMenu(dataDir);
  const api = adminApi(dataDir, () => server.url);
  const kitchen = await startEmulatorProcess(t, tempDir(t), 0, 48);
  const counter = await startEmulatorProcess(t, tempDir(t), 0, 32);
  for (const [name, id] of Object.entries(menu.printers)) {
    const port = name === 'kitchen' ? kitchen.port : counter.port;
    await api('PUT', `/v1/printers/${id}`, { name, ip: '127.0.0.1', port, status: 'ONLINE' });
  }
  await api('POST', '/v1/users', { username: 'marco', password: 'sagra-2026', role: 'operator' });
  await api('PATCH', '/v1/venue', { name: 'Sagra del Fungo', waiterTables: true, askTable: false });

  let page: Page;
  const shot = async (name: string) => {
    await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
    if (process.env['UPDATE_SCREENSHOTS'] === '1') {
      mkdirSync(DOC_IMAGES, { recursive: true });
      await page.screenshot({ path: join(DOC_IMAGES, `${name}.png`), fullPage: true });
    }
  };
  const logIn = async () => {
    await page.getByLabel('Username').fill('marco');
    await page.getByLabel('Password').fill('sagra-2026');
    await page.getByRole('button', { name: 'Log in' }).click();
  };

  await t.test('a waiter seats a paid order on a phone: only then the kitchen ticket, with the table', async (t) => {
    // Paid at the till, which asks no table in this mode and sends its "not given".
    const sell = (customer: string) =>
      api('POST', '/v1/orders', {
        table: '—',
        customer,
        orderItems: [{ foodId: menu.foods.margherita, quantity: 2 }],
        confirm: { paymentMethod: 'CASH', cashRegisterId: menu.register },
      });
    const first = await sell('Rossi');
    const second = await sell('Bianchi');
    await counter.waitForTickets(2);
    await waitFor('every job of both orders printed', async () => {
      const jobs = (await api('GET', '/v1/print-jobs')) as unknown as Array<{ status: string }>;
      return jobs.length === 2 && jobs.every((job) => job.status === 'printed');
    });
    t.equal(kitchen.tickets().length, 0, 'nothing in the kitchen before a table');

    // The kitchen's screen follows its station: the waiting orders are not on it.
    const { key: kitchenKey } = await api('POST', '/v1/api-keys', {
      name: 'kitchen tablet',
      scope: 'kitchen',
      printerId: menu.printers.kitchen,
    });
    const screen = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    t.teardown(() => screen.close());
    const grill = await screen.newPage();
    await grill.goto(
      `${server.url}/kitchen?station=${menu.printers.kitchen}&key=${encodeURIComponent(kitchenKey)}&lang=en`,
    );
    await grill.getByText('Nothing waiting').waitFor();

    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    t.teardown(() => context.close());
    page = await context.newPage();
    await page.goto(`${server.url}/waiter?lang=en`);
    await logIn();
    const list = page.getByRole('region', { name: 'Paid, waiting for a table' });
    await list.getByRole('button', { name: new RegExp(first['displayCode']) }).waitFor();
    const listed = await list.getByRole('button').allTextContents();
    t.match(listed[0], new RegExp(`^${first['displayCode']}Rossi`), 'oldest first');
    t.match(listed[1], new RegExp(`^${second['displayCode']}Bianchi`));
    await shot('waiter-list-phone');

    // A USB scanner types the receipt's code and Enter.
    await page.getByLabel('Order code').fill(String(first['displayCode']).toLowerCase());
    await page.getByLabel('Order code').press('Enter');
    await page.getByRole('heading', { name: new RegExp(`Order \\d+ · ${first['displayCode']}`) }).waitFor();
    await page.getByRole('button', { name: '1', exact: true }).click();
    await page.getByRole('button', { name: '2', exact: true }).click();
    await shot('waiter-keypad-phone');
    t.equal(kitchen.tickets().length, 0, 'still nothing in the kitchen while the table is typed');
    await page.getByRole('button', { name: 'Seat at table 12' }).click();
    await page.getByText(`Order ${first['displayCode']} is at table 12`).waitFor();
    const [ticket] = await kitchen.waitForTickets(1);
    t.match(ticket, /Table: 12/);
    t.match(ticket, /Customer: Rossi/);
    t.match(ticket, /2 x Margherita/);
    await waitFor('the seated order leaves the list', async () => (await list.getByRole('button').count()) === 1);
    const card = grill.getByRole('article', { name: new RegExp(`${first['displayCode']}$`) });
    await card.waitFor();
    t.match(await card.textContent(), /Table 12/, 'the station screen shows it now, with its table');
    t.equal(await grill.getByRole('article').count(), 1, 'and not the order still waiting');
    await shot('waiter-done-phone');
    t.equal(kitchen.tickets().length, 1, 'Bianchi still waits: one ticket');

    // Log out on the waiter's own phone: the server forgets the token, so a copy of it is worth nothing.
    const token = await page.evaluate<string>("JSON.parse(localStorage.getItem('pos.waiter.session')).token");
    const me = () => fetch(`${server.url}/v1/auth/me`, { headers: { authorization: `Bearer ${token}` } });
    t.equal((await me()).status, 200);
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    await waitFor('the token is refused', async () => (await me()).status === 401);
  });

  await t.test('a cart built on the single-file page with no network loads at the till', async (t) => {
    // On the venue's Wi-Fi: /menu, no login, under the page policy (no inline script), the menu read from the API.
    const wifi = await browser.newContext({ viewport: { width: 390, height: 844 } });
    t.teardown(() => wifi.close());
    page = await wifi.newPage();
    const refused: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') refused.push(message.text());
    });
    await page.goto(`${server.url}/menu?lang=en`);
    await page.getByRole('button', { name: 'Add Margherita' }).waitFor();
    t.ok(await page.getByRole('heading', { name: 'Sagra del Fungo' }).isVisible());
    t.same(refused, [], 'nothing refused by the page policy');

    const file = join(tempDir(t), 'menu.html');
    const made = await runPosInProcess(['menu-page', '--out', file, '--data-dir', dataDir]);
    t.equal(made.code, 0, made.stderr);
    t.match(made.stdout, /menu\.html: 4 foods in 3 categories/);
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, offline: true });
    t.teardown(() => context.close());
    page = await context.newPage();
    const outside: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith('file:') && !request.url().startsWith('data:')) outside.push(request.url());
    });
    await page.goto(`${pathToFileURL(file).href}?lang=en`);
    await page.getByRole('heading', { name: 'Sagra del Fungo' }).waitFor();
    await page.getByRole('button', { name: 'Add Margherita' }).click();
    await page.getByRole('button', { name: 'Add Margherita' }).click();
    await page.getByRole('button', { name: 'Add Birra' }).click();
    await page.getByRole('button', { name: 'Add Tiramisù' }).click();
    const qr = page.getByRole('img', { name: 'Your order as a QR code' });
    await qr.waitFor();
    const text = (await page.getByRole('status', { name: 'The code, if the QR cannot be read' }).textContent()) ?? '';
    t.same(
      decodeCart(text)?.map((line) => line.quantity),
      [2, 1, 1],
    );
    const drawn = await qr.locator('path').getAttribute('d');
    t.equal(drawn, qrDrawing(text).path, 'the QR drawn is the code shown beside it');
    t.same(outside, [], 'the page asked nothing of the network');
    await shot('menu-page-phone');
    for (const [name, width, height] of [
      ['menu-page-tablet', 1024, 768],
      ['menu-page-tv', 1920, 1080],
    ] as const) {
      await page.setViewportSize({ width, height });
      await shot(name);
    }

    // Meanwhile the tiramisù is switched off: a till that never saw it does not know it, and says so by line.
    await api('PATCH', `/v1/foods/${menu.foods.tiramisu}`, { available: false });
    const till = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    t.teardown(() => till.close());
    page = await till.newPage();
    await page.goto(`${server.url}/?lang=en`);
    await logIn();
    await page.getByRole('button', { name: 'Cassa 1' }).click();
    const scan = page.getByLabel('Scan a cart');
    await scan.waitFor();
    await page.getByRole('button', { name: /^Margherita/ }).waitFor(); // the till's menu is in
    t.ok(
      await scan.evaluate((element) => element === (globalThis as any).document.activeElement),
      'focused for a scanner',
    );
    await scan.pressSequentially(text);
    await scan.press('Enter');
    const said = page.getByRole('alert').filter({ hasText: 'Cart loaded' });
    await said.waitFor();
    const ref = menu.foods.tiramisu.slice(-6).toUpperCase();
    t.match(
      await said.textContent(),
      `Cart loaded: 2 lines, at the till's prices. Not on the menu any more, not loaded: 1 × food ${ref}.`,
    );
    await page.getByRole('button', { name: 'One more Margherita' }).waitFor();
    t.ok(await page.getByRole('button', { name: 'One more Birra' }).isVisible());
    t.equal(await page.getByTestId('total').textContent(), '€19.00', "the till's prices: 2 × 7.50 + 4.00");
    await shot('till-scanned-cart');
  });
});
