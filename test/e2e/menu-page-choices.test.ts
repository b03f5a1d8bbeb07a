import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import QRCode from 'qrcode';
import t from 'tap';
import { PACKAGE_ROOT } from '../../src/version.js';
import { qrDrawing } from '../../src/web/menu/qr-path.js';
import { decodeCart } from '../../src/web/shared/cart-code.js';
import { tempDir } from '../helpers/app.js';
import { launchBrowser } from '../helpers/browser.js';
import { choicesMenuVia } from '../helpers/choices.js';
import { runPosInProcess } from '../helpers/cli.js';
import { startRealServer } from '../helpers/server.js';
import { adminApi } from '../helpers/venue.js';

// A customer in the queue builds a 10-line order with choices on the single-file menu page, in Debian's Chromium
// with the network off (docs/menu-page.md): allergens marked, each food with choices through its sheet. The QR drawn
// is the code shown; the cashier's scanner types that code into the till's Scan a cart field and the order is on
// the till with the same lines, the same choices and the same total.

const SHOTS = join(PACKAGE_ROOT, '.tap', 'screenshots');
const DOC_IMAGES = join(PACKAGE_ROOT, 'docs', 'images');

t.test('a 10-line cart with choices from the offline menu page loads into the till as it was built', async (t) => {
  const browser = await launchBrowser(t);
  if (!browser) {
    t.comment('SKIPPED: no chromium on this machine (apt-get install chromium); in CI this is a failure');
    return;
  }
  mkdirSync(SHOTS, { recursive: true });
  const dataDir = tempDir(t);
  const server = await startRealServer(t, dataDir);
  const api = adminApi(dataDir, () => server.url);
  const menu = await choicesMenuVia((url, body) => api('POST', url, body));
  await api('PATCH', `/v1/foods/${menu.pizza}`, { allergens: ['GLUTEN', 'MILK'] });
  await api('PATCH', `/v1/foods/${menu.tagliatelle}`, { allergens: ['GLUTEN', 'EGGS', 'CELERY'] });
  await api('PATCH', '/v1/venue', { name: 'Sagra del Fungo' });
  await api('POST', '/v1/users', { username: 'giulia', password: 'sagra-2026', role: 'operator' });

  const file = join(tempDir(t), 'menu.html');
  const made = await runPosInProcess(['menu-page', '--out', file, '--data-dir', dataDir]);
  t.equal(made.code, 0, made.stderr);
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    offline: true,
  });
  t.teardown(() => context.close());
  const page = await context.newPage();
  const outside: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith('file:') && !request.url().startsWith('data:')) outside.push(request.url());
  });
  await page.goto(`${pathToFileURL(file).href}?lang=en`);
  await page.getByRole('heading', { name: 'Sagra del Fungo' }).waitFor();
  /** Into .tap/screenshots; with UPDATE_SCREENSHOTS=1 into docs/images too (docs/menu-page.md shows them). */
  const shot = async (name: string, fullPage = false) => {
    await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage });
    if (process.env['UPDATE_SCREENSHOTS'] === '1') {
      mkdirSync(DOC_IMAGES, { recursive: true });
      await page.screenshot({ path: join(DOC_IMAGES, `${name}.png`), fullPage });
    }
  };
  const button = (name: string | RegExp) => page.getByRole('button', { name, exact: typeof name === 'string' });

  // Allergens: marks in letters beside the food, explained by the legend.
  const pizzaRow = page.getByRole('listitem').filter({ has: button('Add Margherita') });
  t.same(await pizzaRow.locator('.allergen-mark').allTextContents(), ['GL', 'MI']);
  const legend = page.getByRole('region', { name: 'Allergens' });
  t.match(await legend.textContent(), /GLCereals containing gluten.*EGEggs.*MIMilk.*CECelery/);

  /** + on a food, its options on the sheet, Add: the sheet says the unit price first. */
  const choose = async (food: string, options: string[], unit: string) => {
    await button(`Add ${food}`).click();
    const sheet = page.getByRole('dialog', { name: `${food}: choose` });
    await sheet.waitFor();
    for (const option of options) await sheet.getByRole('button', { name: new RegExp(`^${option}`) }).click();
    const add = sheet.getByRole('button', { name: /^Add · / });
    t.equal(await add.textContent(), `Add · ${unit}`, `${food} with ${options.join(', ') || 'nothing'}: ${unit}`);
    await add.click();
    await sheet.waitFor({ state: 'detached' });
  };

  // The steak's cooking is required: Add stays off until it is chosen. The sheet at phone size, looked at.
  await button('Add Tagliata di manzo').click();
  const sheet = page.getByRole('dialog', { name: 'Tagliata di manzo: choose' });
  await sheet.getByRole('button', { name: 'ben cotta' }).click();
  await sheet.getByRole('button', { name: 'senza contorno −€2.00' }).click();
  await shot('menu-page-choices-sheet-phone');
  const box = await sheet.boundingBox();
  t.ok(box && box.x >= 0 && box.x + box.width <= 390, 'the sheet is inside the phone’s width');
  await sheet.getByRole('button', { name: 'ben cotta' }).click(); // taken off again
  t.ok(await sheet.getByRole('button', { name: /^Add · / }).isDisabled(), 'no cooking: Add is off');
  await sheet.getByRole('button', { name: 'Back' }).click();
  await sheet.waitFor({ state: 'detached' });

  await choose('Tagliata di manzo', ['ben cotta', 'senza contorno'], '€12.00');
  await button('One more Tagliata di manzo (ben cotta, senza contorno)').click();
  await choose('Tagliata di manzo', ['al sangue', 'patate'], '€15.50');
  await choose('Tagliata di manzo', ['media'], '€14.00');
  await choose('Margherita', ['\\+ bufala', '\\+ acciughe'], '€10.50');
  await choose('Margherita', ['\\+ olive'], '€8.00');
  await choose('Margherita', [], '€7.50');
  await choose('Menu Pellegrino', ['Tagliatelle', 'Salsiccia'], '€18.00');
  await button('Add Tagliatelle al ragù').click();
  await button('Add Salsiccia e polenta').click();
  await choose('Margherita', ['\\+ acciughe', '\\+ olive'], '€9.00');
  const lines = page.locator('.cart-lines li');
  t.equal(await lines.count(), 10, 'ten lines');
  t.match(await lines.nth(0).textContent(), /2 × Tagliata di manzoben cotta · senza contorno\s−€2\.00€24\.00/);
  const total = await page.locator('.cart-total strong').textContent();
  t.equal(total, '€123.50', '24 + 15.50 + 14 + 10.50 + 8 + 7.50 + 18 + 8 + 9 + 9');

  const qr = page.getByRole('img', { name: 'Your order as a QR code' });
  const text = (await page.getByRole('status', { name: 'The code, if the QR cannot be read' }).textContent()) ?? '';
  t.equal(await qr.locator('path').getAttribute('d'), qrDrawing(text).path, 'the QR drawn is the code shown');
  const decoded = decodeCart(text);
  t.equal(decoded?.length, 10);
  t.same(
    decoded?.map((line) => line.options.length),
    [2, 2, 1, 2, 1, 0, 2, 0, 0, 2],
    'every line carries its options',
  );
  // How big the code is, for a counter's USB scanner reading a phone's screen (docs/menu-page.md).
  const { version } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const drawn = (await qr.boundingBox())?.width ?? 0;
  const modulePx = drawn / qrDrawing(text).size;
  t.comment(
    `10 lines with choices: ${text.length} characters, QR version ${version}, ${modulePx.toFixed(1)} px a module`,
  );
  t.ok(version <= 10, 'version 10 (57 × 57 modules) or smaller');
  t.ok(modulePx >= 4, 'at least 4 CSS pixels a module on a phone');
  t.same(outside, [], 'the page asked nothing of the network');
  t.equal(
    await page.evaluate(() => (globalThis as any).document.documentElement.scrollWidth),
    390,
    'nothing wider than the phone: the page never scrolls sideways',
  );
  await page.screenshot({ path: join(SHOTS, 'menu-page-choices-cart-phone.png'), fullPage: true });
  await page.setViewportSize({ width: 1024, height: 768 });
  await shot('menu-page-choices-tablet', true);

  // At the till: the scanner types the code and Enter.
  const till = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  t.teardown(() => till.close());
  const cashier = await till.newPage();
  await cashier.goto(`${server.url}/?lang=en`);
  await cashier.getByLabel('Username').fill('giulia');
  await cashier.getByLabel('Password').fill('sagra-2026');
  await cashier.getByRole('button', { name: 'Log in' }).click();
  await cashier.getByRole('button', { name: 'Cassa 1' }).click();
  const scan = cashier.getByLabel('Scan a cart');
  await scan.waitFor();
  await cashier.getByRole('tab', { name: 'Secondi' }).waitFor(); // the till's menu is in
  await scan.pressSequentially(text);
  await scan.press('Enter');
  const said = cashier.getByRole('status').filter({ hasText: 'Cart loaded' });
  await said.waitFor();
  t.equal(await said.textContent(), "Cart loaded: 10 lines, at the till's prices.");
  const tillLines = cashier.locator('.lines .line');
  t.equal(await tillLines.count(), 10, 'the same ten lines');
  t.match(await tillLines.nth(0).textContent(), /Tagliata di manzo.*ben cotta.*senza contorno/);
  t.match(await tillLines.nth(3).textContent(), /Margherita.*\+ bufala.*\+ acciughe/);
  t.match(await tillLines.nth(6).textContent(), /Menu Pellegrino.*Tagliatelle.*Salsiccia/);
  t.equal(await cashier.getByTestId('total').textContent(), total, 'the same total at the till');
  await cashier.screenshot({ path: join(SHOTS, 'till-scanned-choices-cart.png') });
});
