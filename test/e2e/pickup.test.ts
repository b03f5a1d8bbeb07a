import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import t from 'tap';
import { PACKAGE_ROOT } from '../../src/version.js';
import { tempDir } from '../helpers/app.js';
import { launchBrowser } from '../helpers/browser.js';
import { startRealServer } from '../helpers/server.js';
import { adminApi, seedServerMenu } from '../helpers/venue.js';

// The pickup counter in Chromium, as the volunteer at the counter uses it, with the TV beside it: an order scanned
// before it is ready is refused with the stations' progress, handed out by its receipt's code (what the USB scanner
// types, then Enter) and by a tap, each with its undo, and the TV follows every step.

const SHOTS = join(PACKAGE_ROOT, '.tap', 'screenshots');
const DOC_IMAGES = join(PACKAGE_ROOT, 'docs', 'images');
const SIZES = {
  phone: { width: 390, height: 844 },
  tablet: { width: 1280, height: 800 },
  tv: { width: 1920, height: 1080 },
};

t.test('hand orders over by their receipt code and by tap, with undo; the TV follows', async (t) => {
  const browser = await launchBrowser(t);
  if (!browser) {
    t.comment('SKIPPED: no chromium on this machine (apt-get install chromium); in CI this is a failure');
    return;
  }
  const dataDir = tempDir(t);
  const server = await startRealServer(t, dataDir, ['--locale', 'it']);
  const menu = await seedServerMenu(dataDir);
  const api = adminApi(dataDir, () => server.url);
  const pickupKey = (await api('POST', '/v1/api-keys', { name: 'banco', scope: 'pickup' }))['key'] as string;
  const tvKey = (await api('POST', '/v1/api-keys', { name: 'TV', scope: 'display' }))['key'] as string;
  const order = async (customer: string) =>
    api('POST', '/v1/orders', {
      table: '1',
      customer,
      orderItems: [
        { foodId: menu.foods.margherita, quantity: 1 },
        { foodId: menu.foods.beer, quantity: 1 },
      ],
      confirm: { paymentMethod: 'CASH' },
    });
  const stationDone = (id: number, printerId: string) =>
    api('PATCH', `/v1/orders/${id}/stations/${printerId}`, { status: 'DONE' });
  const ready = async (customer: string) => {
    const created = await order(customer);
    await stationDone(created['id'], menu.printers.bar);
    await stationDone(created['id'], menu.printers.kitchen);
    return created;
  };

  const tv = await browser.newPage({ viewport: SIZES.tv });
  await tv.goto(`${server.url}/display?key=${encodeURIComponent(tvKey)}&sound=off`);
  await tv.waitForSelector('#connection.live', { timeout: 15_000 });
  const counter = await browser.newPage({ viewport: SIZES.tablet });
  await counter.goto(`${server.url}/pickup?key=${encodeURIComponent(pickupKey)}`);
  await counter.waitForSelector('.connection.live', { timeout: 15_000 });
  const field = counter.getByRole('textbox', { name: 'Codice o scansione' });
  t.ok(await field.evaluate((input) => input === (globalThis as any).document.activeElement), 'the field is focused');
  const status = counter.getByRole('status');
  const scan = async (text: string) => counter.keyboard.type(`${text}\n`); // a USB scanner: keys, then Enter
  const saysThat = (words: string) =>
    status
      .filter({ hasText: words })
      .waitFor({ timeout: 30_000 })
      .then(() => t.pass(`says "${words}"`));

  // Verdi's drinks are out of the bar, the pizza is still in the oven.
  const verdi = await order('Verdi');
  await stationDone(verdi['id'], menu.printers.bar);
  await scan(verdi['displayCode']);
  await saysThat('non pronto: Bar 1 di 2 pronte');
  await scan('zzz');
  await saysThat('codice sconosciuto');

  // Ready: a tile on the counter and on the TV; the scanner reads the receipt's code, the order goes from both.
  await stationDone(verdi['id'], menu.printers.kitchen);
  const verdiTile = counter.getByRole('button', { name: `${verdi['ticketNumber']} ${verdi['displayCode']} Verdi` });
  await verdiTile.waitFor({ timeout: 30_000 });
  await tv.waitForSelector(`#ready li[data-id="${verdi['id']}"]`, { timeout: 30_000 });
  await scan(verdi['displayCode'].toLowerCase());
  await saysThat(`${verdi['displayCode']} ritirato`);
  await verdiTile.waitFor({ state: 'detached', timeout: 30_000 });
  await tv.waitForSelector(`#ready li[data-id="${verdi['id']}"]`, { state: 'detached', timeout: 30_000 });
  t.equal((await api('GET', `/v1/orders/${verdi['id']}`))['status'], 'PICKED_UP');
  await scan(verdi['displayCode']);
  await saysThat('già ritirato');

  // A tap on Rossi's tile, then its undo: back on the counter and on the TV.
  const rossi = await ready('Rossi');
  const bianchi = await ready('Bianchi');
  const rossiTile = counter.getByRole('button', { name: `${rossi['ticketNumber']} ${rossi['displayCode']} Rossi` });
  await rossiTile.waitFor({ timeout: 30_000 });
  // Both tiles before their order is read: Bianchi's event can reach the counter after Rossi's tile is drawn.
  await counter
    .getByRole('button', { name: new RegExp(`^${bianchi['ticketNumber']} ${bianchi['displayCode']} Bianchi`) })
    .waitFor({ timeout: 30_000 });
  await tv.waitForSelector(`#ready li[data-id="${rossi['id']}"]`, { timeout: 30_000 });
  t.same(await counter.locator('.tile .customer').allTextContents(), ['Rossi', 'Bianchi'], 'oldest ready first');
  await rossiTile.click();
  await rossiTile.waitFor({ state: 'detached', timeout: 30_000 });
  await tv.waitForSelector(`#ready li[data-id="${rossi['id']}"]`, { state: 'detached', timeout: 30_000 });
  await counter.getByRole('button', { name: `Annulla ${rossi['displayCode']}` }).click();
  await rossiTile.waitFor({ timeout: 30_000 });
  await tv.waitForSelector(`#ready li[data-id="${rossi['id']}"]`, { timeout: 30_000 });
  t.equal((await api('GET', `/v1/orders/${rossi['id']}`))['status'], 'COMPLETED', 'the undo put it back');
  t.ok(
    await field.evaluate((input) => input === (globalThis as any).document.activeElement),
    'after the taps the field has the focus again, for the scanner',
  );

  // Bianchi handed out: its undo goes away by itself after ten seconds.
  await counter
    .getByRole('button', { name: new RegExp(`^${bianchi['ticketNumber']} ${bianchi['displayCode']}`) })
    .click();
  const undo = counter.getByRole('button', { name: `Annulla ${bianchi['displayCode']}` });
  await undo.waitFor({ timeout: 30_000 });
  await undo.waitFor({ state: 'detached', timeout: 30_000 });
  t.pass('the undo lasts ten seconds');

  // Staff may open the counter without a key and log in; in English with ?lang=en. The page stands alone.
  const html = await fetch(`${server.url}/pickup`);
  t.equal(html.status, 200);
  t.match(html.headers.get('content-security-policy'), /default-src 'self'; script-src 'self'/);
  t.same(
    (await html.text()).match(/(?:src|href)\s*=\s*["']?(?:https?:)?\/\/[^"'\s>]+/gi) ?? [],
    [],
    'no external script, style or font',
  );
  await api('POST', '/v1/users', { username: 'giulia', password: 'ritiro-2026', role: 'operator' });
  const staff = await browser.newPage({ viewport: SIZES.phone });
  await staff.goto(`${server.url}/pickup?lang=en`);
  await staff.getByRole('heading', { name: 'Log in to the pickup counter' }).waitFor({ timeout: 15_000 });
  await staff.getByLabel('Username').fill('giulia');
  await staff.getByLabel('Password').fill('ritiro-2026');
  await staff.getByRole('button', { name: 'Log in' }).click();
  await staff.getByRole('button', { name: `${rossi['ticketNumber']} ${rossi['displayCode']} Rossi` }).waitFor();
  t.ok(await staff.getByRole('textbox', { name: 'Code or scan' }).isVisible(), 'the counter, in English');
  await staff.close();

  // Screenshots at the three sizes with a few orders waiting.
  for (const name of ['Neri', 'Gialli', 'Russo', 'Esposito', 'Colombo', 'Ricci', 'Marino']) await ready(name);
  await counter.getByRole('button', { name: /Marino$/ }).waitFor({ timeout: 30_000 });
  // One just handed out, its undo showing, for the pictures.
  await counter.getByRole('button', { name: /Marino$/ }).click();
  await counter.getByRole('button', { name: /^Annulla / }).waitFor({ timeout: 30_000 });
  mkdirSync(SHOTS, { recursive: true });
  for (const [size, viewport] of Object.entries(SIZES)) {
    await counter.setViewportSize(viewport);
    await noOverlap(t, counter, size);
    const file = `pickup-${size}.png`;
    await counter.screenshot({ path: join(SHOTS, file) });
    if (process.env['UPDATE_SCREENSHOTS'] === '1') await counter.screenshot({ path: join(DOC_IMAGES, file) });
  }
});

/** Every tile inside the page's width, at least 48 px tall, and no two tiles on top of each other. */
async function noOverlap(
  t: { ok(value: unknown, message: string): unknown; notOk(value: unknown, message: string): unknown },
  page: Page,
  size: string,
) {
  const boxes = await page.$$eval('.tile', (tiles) =>
    tiles.map((tile) => {
      const box = tile.getBoundingClientRect();
      return { left: box.left, top: box.top, right: box.right, bottom: box.bottom };
    }),
  );
  const width = (page.viewportSize() as { width: number }).width;
  t.ok(boxes.length > 0, `${size}: tiles`);
  t.ok(
    boxes.every((box) => box.left >= 0 && box.right <= width && box.bottom - box.top >= 48),
    `${size}: every tile on the screen, big enough to tap`,
  );
  const overlapping = boxes.some((a, i) =>
    boxes.some(
      (b, j) => i < j && a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1,
    ),
  );
  t.notOk(overlapping, `${size}: no tile over another`);
}
