import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { PACKAGE_ROOT } from '../../src/version.js';
import { tempDir } from '../helpers/app.js';
import { launchBrowser } from '../helpers/browser.js';
import { startRealServer } from '../helpers/server.js';
import { adminApi, seedServerMenu } from '../helpers/venue.js';

// Covers and takeaway at the till, in Chromium (docs/till.md): a table of 4 with 2 children, then a takeaway
// order, each checked in the confirmed order's lines and total; at phone and tablet size, in Italian.

const SHOTS = join(PACKAGE_ROOT, '.tap', 'screenshots');
const DOC_IMAGES = join(PACKAGE_ROOT, 'docs', 'images');

t.test('the till sells a table of 4 with 2 children, and a takeaway order', async (t) => {
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
  // In the pizzas' category, which goes to the kitchen: the role lines must go to no station all the same.
  const cover = await api('POST', '/v1/foods', {
    name: 'Coperto',
    price: 1.5,
    categoryId: menu.categories.pizzas,
    available: true,
    role: 'COVER',
  });
  const fee = await api('POST', '/v1/foods', {
    name: 'Contenitore asporto',
    price: 0.5,
    categoryId: menu.categories.pizzas,
    available: true,
    role: 'TAKEAWAY_FEE',
  });
  await api('POST', '/v1/users', { username: 'giulia', password: 'sagra-2026', role: 'operator' });

  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  t.teardown(() => context.close());
  const page = await context.newPage();
  const button = (name: string | RegExp) => page.getByRole('button', { name, exact: typeof name === 'string' });
  const shot = async (name: string) => {
    await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
    if (process.env['UPDATE_SCREENSHOTS'] === '1') {
      mkdirSync(DOC_IMAGES, { recursive: true });
      await page.screenshot({ path: join(DOC_IMAGES, `${name}.png`), fullPage: true });
    }
  };
  const lastOrder = async () => {
    const [row] = (await api('GET', '/v1/orders?limit=1')).orders as Array<Record<string, any>>;
    const detail = await api('GET', `/v1/orders/${row?.['id']}`);
    const lines = (detail['categorizedItems'] as Array<{ items: Array<Record<string, any>> }>).flatMap(
      (group) => group.items,
    );
    return { detail, lines: lines.map((line) => `${line['quantity']} ${line['food'].name}`).sort() };
  };
  /** The total as shown, its no-break space read as a space. */
  const total = async () => ((await page.getByTestId('total').textContent()) ?? '').replace(/\s/g, ' ');
  const pay = async () => {
    await button('Carta').click();
    await button('Conferma pagamento con carta').click();
    await page.getByTestId('display-code').waitFor({ timeout: 15_000 });
    await button('Nuovo ordine').click();
  };

  await page.goto(`${server.url}/?lang=it`);
  await page.getByLabel('Utente').fill('giulia');
  await page.getByLabel('Password').fill('sagra-2026');
  await button('Entra').click();
  await button('Cassa 1').click();

  await t.test('a table of 4 with 2 children: 2 covers paid', async (t) => {
    await page.getByRole('tab', { name: 'Pizze' }).click();
    t.notOk(await button(/^Coperto/).isVisible(), 'the cover is no button of the menu');
    await button(/^Margherita/).click();
    await button(/^Margherita/).click();
    await page.getByLabel('Cliente').fill('Rossi');
    for (let i = 0; i < 4; i++) await button('Coperti: uno in più').click();
    for (let i = 0; i < 2; i++) await button('Bambini (gratis): uno in più').click();
    t.equal(await total(), '€ 18,00', '2 × 7,50 + 2 covers × 1,50');
    await shot('till-covers-390');
    await page.setViewportSize({ width: 800, height: 1280 });
    await shot('till-covers-800');
    await page.setViewportSize({ width: 390, height: 844 });
    await pay();
    const { detail, lines } = await lastOrder();
    t.match(detail, { covers: 4, service: 'TABLE', total: '18.00', customer: 'Rossi' });
    t.same(lines, ['2 Coperto', '2 Margherita']);
  });

  await t.test('a takeaway order: the fee, no covers', async (t) => {
    await page.getByRole('tab', { name: 'Pizze' }).click();
    await button(/^Margherita/).click();
    await page.getByLabel('Cliente').fill('Bianchi');
    await page.getByRole('switch', { name: 'Asporto' }).click();
    t.notOk(await page.getByRole('group', { name: 'Coperti' }).isVisible(), 'no covers on a takeaway');
    t.equal(await total(), '€ 8,00', '7,50 + the 0,50 fee');
    await shot('till-takeaway-390');
    await pay();
    const { detail, lines } = await lastOrder();
    t.match(detail, { covers: 0, service: 'TAKEAWAY', total: '8.00', customer: 'Bianchi' });
    t.same(lines, ['1 Contenitore asporto', '1 Margherita']);
    t.equal(
      (await page.getByRole('switch', { name: 'Asporto' }).getAttribute('aria-checked')) ?? '',
      'false',
      'a new order is at a table again',
    );
  });
  t.ok(cover['id'] && fee['id']);
});
