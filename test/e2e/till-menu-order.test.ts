import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { PACKAGE_ROOT } from '../../src/version.js';
import { tempDir } from '../helpers/app.js';
import { launchBrowser } from '../helpers/browser.js';
import { startRealServer } from '../helpers/server.js';
import { adminApi, seedServerMenu } from '../helpers/venue.js';

// A bar's till in Chromium against the real executable: the register shows only the drinks, in the order the
// committee set, each with its allergen marks, and a legend that says what the marks mean; at phone and tablet size.

const SHOTS = join(PACKAGE_ROOT, '.tap', 'screenshots');
const DOC_IMAGES = join(PACKAGE_ROOT, 'docs', 'images');

t.test('a bar register sees only drinks, in the set order, with allergen marks and their legend', async (t) => {
  const browser = await launchBrowser(t);
  if (!browser) {
    t.comment('SKIPPED: no chromium on this machine (apt-get install chromium); in CI this is a failure');
    return;
  }
  mkdirSync(SHOTS, { recursive: true });
  const dataDir = tempDir(t);
  const server = await startRealServer(t, dataDir);
  const menu = await seedServerMenu(dataDir);
  const api = adminApi(dataDir, () => server.url);
  const drink = (name: string, position: number, allergens: string[]) =>
    api('POST', '/v1/foods', {
      name,
      price: 3,
      categoryId: menu.categories.drinks,
      available: true,
      position,
      allergens,
    });
  await drink('Spritz', -1, ['SULPHITES']);
  await drink('Aranciata', 0, []);
  await drink('Vino rosso', 2, ['SULPHITES']);
  await api('PATCH', `/v1/foods/${menu.foods.beer}`, { allergens: ['GLUTEN'] });
  const bar = await api('POST', '/v1/cash-registers', {
    name: 'Bar',
    defaultPrinterId: menu.printers.till,
    categoryIds: [menu.categories.drinks],
  });
  await api('POST', '/v1/users', { username: 'luca', password: 'sagra-2026', role: 'operator' });

  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
  t.teardown(() => context.close());
  const page = await context.newPage();
  const shot = async (name: string) => {
    await page.screenshot({ path: join(SHOTS, `${name}.png`) });
    if (process.env['UPDATE_SCREENSHOTS'] === '1') {
      mkdirSync(DOC_IMAGES, { recursive: true });
      await page.screenshot({ path: join(DOC_IMAGES, `${name}.png`) });
    }
  };
  await page.goto(`${server.url}/?lang=en`);
  await page.getByLabel('Username').fill('luca');
  await page.getByLabel('Password').fill('sagra-2026');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('button', { name: 'Bar' }).click();

  const tabs = page.getByRole('tab');
  await page.getByRole('tab', { name: 'Bevande' }).waitFor();
  t.same(await tabs.allTextContents(), ['Bevande'], 'only the drinks: no Pizze, no Dolci');
  const panel = page.getByRole('tabpanel', { name: 'Bevande' });
  t.same(
    await panel.locator('.food-name').allTextContents(),
    ['Spritz', 'Aranciata', 'Birra', 'Vino rosso'],
    'the set order: position first, then the name',
  );
  const beer = page.getByRole('button', { name: /^Birra/ });
  t.match(await beer.getAttribute('class'), /food/);
  t.same(await beer.locator('.allergen-mark').allTextContents(), ['GL'], 'the mark is on the button');
  t.ok(await page.getByRole('button', { name: /^Birra.*Allergens: Cereals containing gluten/ }).isVisible(), 'named');
  const legend = page.getByRole('region', { name: 'Allergens' });
  await legend.waitFor();
  t.same(
    await legend.locator('dl > div').allInnerTexts(),
    ['GL\nCereals containing gluten', 'SU\nSulphites'],
    'the legend: each mark shown, with its name',
  );
  const inView = async () => {
    const box = await legend.boundingBox();
    const size = page.viewportSize();
    return box !== null && size !== null && box.y >= 0 && box.y + box.height <= size.height && box.width > 0;
  };
  // Black letters in a black frame on white: no colour needed to read them.
  const mark = await page
    .locator('.allergen-mark')
    .first()
    .evaluate((element) => {
      const style = (globalThis as any).getComputedStyle(element);
      return { color: style.color, background: style.backgroundColor, border: style.borderTopWidth };
    });
  t.same(mark, { color: 'rgb(0, 0, 0)', background: 'rgb(255, 255, 255)', border: '2px' });
  t.ok(await inView(), 'the legend is on screen on a phone');
  await shot('till-bar-allergens-phone');

  for (const [name, width, height] of [
    ['tablet-portrait', 800, 1280],
    ['tablet', 1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    await legend.waitFor();
    t.ok(await inView(), `the legend is on screen (${name})`);
    await shot(`till-bar-allergens-${name}`);
  }

  // The admin gives the bar the desserts too: the till shows them after its next connection (a reload here).
  await api('PATCH', `/v1/cash-registers/${bar.id}`, {
    categoryIds: [menu.categories.drinks, menu.categories.desserts],
  });
  await page.reload();
  await page.getByRole('tab', { name: 'Dolci' }).waitFor();
  t.same(await tabs.allTextContents(), ['Bevande', 'Dolci']);
});
