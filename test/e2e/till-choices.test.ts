import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { PACKAGE_ROOT } from '../../src/version.js';
import { tempDir } from '../helpers/app.js';
import { launchBrowser } from '../helpers/browser.js';
import { choicesMenuVia } from '../helpers/choices.js';
import { startEmulatorProcess } from '../helpers/emulator-process.js';
import { startRealServer } from '../helpers/server.js';
import { adminApi } from '../helpers/venue.js';
import { waitFor } from '../helpers/wait.js';

// A cashier sells a steak with its cooking and a set menu on the till, in Debian's Chromium against the real
// executable; three emulated printers (the grill, the pasta station, the till's receipt printer) must get the right
// lines: the steak with "· ben cotta" at the grill, each course of the menu at its own station, no ticket for "a
// menu", and the receipt with every choice.

const SHOTS = join(PACKAGE_ROOT, '.tap', 'screenshots');

t.test('the till sells a steak with its cooking and a set menu; each station prints its lines', async (t) => {
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
  const emulators = {
    grill: await startEmulatorProcess(t, tempDir(t), 0, 42),
    pasta: await startEmulatorProcess(t, tempDir(t), 0, 42),
    till: await startEmulatorProcess(t, tempDir(t), 0, 32),
  };
  for (const [name, id] of [
    ['Griglia', menu.printers.grill],
    ['Pasta', menu.printers.pasta],
    ['Cassa', menu.printers.till],
  ] as const) {
    const port = emulators[name === 'Griglia' ? 'grill' : name === 'Pasta' ? 'pasta' : 'till'].port;
    await api('PUT', `/v1/printers/${id}`, { name, ip: '127.0.0.1', port, status: 'ONLINE' });
  }
  await api('POST', '/v1/users', { username: 'giulia', password: 'sagra-2026', role: 'operator' });

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  t.teardown(() => context.close());
  const page = await context.newPage();
  const button = (name: string | RegExp) => page.getByRole('button', { name });
  await page.goto(`${server.url}/?lang=en`);
  await page.getByLabel('Username').fill('giulia');
  await page.getByLabel('Password').fill('sagra-2026');
  await button('Log in').click();
  await button('Cassa 1').click();

  // The steak: its sheet, cooking required, a side that lowers the price.
  await page.getByRole('tab', { name: 'Secondi' }).click();
  await button(/^Tagliata di manzo/).click();
  const sheet = page.getByRole('dialog', { name: 'Tagliata di manzo: choose' });
  await sheet.waitFor();
  t.match(await sheet.textContent(), /Cottura · required · choose 1/);
  t.ok(await button(/^Add · /).isDisabled(), 'no cooking yet: Add is off');
  await button('ben cotta').click();
  await button('senza contorno −€2.00').click();
  await page.screenshot({ path: join(SHOTS, 'till-choices-sheet-1280.png') });
  t.equal(await button(/^Add · /).textContent(), 'Add · €12.00');
  await button(/^Add · /).click();
  await sheet.waitFor({ state: 'detached' });

  // The set menu: both courses required.
  await page.getByRole('tab', { name: 'Menu' }).click();
  // On a phone the sheet fits the screen too (looked at: .tap/screenshots/till-choices-sheet-phone.png).
  await page.setViewportSize({ width: 390, height: 844 });
  await button(/^Menu Pellegrino/).click();
  const menuSheet = page.getByRole('dialog', { name: 'Menu Pellegrino: choose' });
  await menuSheet.waitFor();
  await page.screenshot({ path: join(SHOTS, 'till-choices-sheet-phone.png') });
  const box = await menuSheet.boundingBox();
  t.ok(box && box.x >= 0 && box.x + box.width <= 390, 'the sheet is inside the phone’s width');
  await page.setViewportSize({ width: 1280, height: 800 });
  await button('Tagliatelle').click();
  t.ok(await button(/^Add · /).isDisabled(), 'the second course is still missing');
  await button('Salsiccia').click();
  await button(/^Add · /).click();
  await menuSheet.waitFor({ state: 'detached' });
  const lines = page.locator('.lines .line');
  t.match(await lines.nth(0).textContent(), /Tagliata di manzo.*ben cotta.*senza contorno/);
  t.match(await lines.nth(1).textContent(), /Menu Pellegrino.*Tagliatelle.*Salsiccia/);
  t.equal(await page.getByTestId('total').textContent(), '€30.00', '12 + 18');
  await page.screenshot({ path: join(SHOTS, 'till-choices-order-1280.png') });
  await page.getByLabel('Customer').fill('Pellegrini');
  await button('Card').click();
  await button('Confirm card payment').click();
  await page.getByTestId('display-code').waitFor({ timeout: 15_000 });

  const ticketOf = async (printer: keyof typeof emulators) =>
    waitFor(
      `the ticket of Pellegrini at ${printer}`,
      () => printer && emulators[printer].tickets().find((ticket) => ticket.includes('Pellegrini')),
      { timeoutMs: 30_000, intervalMs: 100, detail: () => emulators[printer].tickets().join('\n---\n') },
    );
  const grill = await ticketOf('grill');
  t.match(grill, /1 x Tagliata di manzo\n\s+· ben cotta\n\s+· senza contorno/, 'the steak with its choices');
  t.match(grill, /1 x Salsiccia e polenta — Menu Pellegrino/, 'the second course at the grill');
  t.notMatch(grill, /Tagliatelle/, 'not the first course');
  const pasta = await ticketOf('pasta');
  t.match(pasta, /1 x Tagliatelle al ragù — Menu\s+Pellegrino/, 'the first course at the pasta station');
  t.notMatch(pasta, /Tagliata/);
  const receipt = await ticketOf('till');
  // The emulator's text keeps the words (the amounts are checked in the golden receipts, test/printer).
  t.match(receipt, /1 x Tagliata di manzo\n\s+· ben cotta\n\s+· senza contorno/, 'the receipt lists the choices');
  t.match(receipt, /1 x Menu Pellegrino\n\s+· Tagliatelle\n\s+· Salsiccia/);
  // Every job of the order printed: the till's printer got the receipt and nothing else (no ticket for "a menu").
  const jobs = await waitFor('every job of the order printed', async () => {
    const list = (await api('GET', '/v1/print-jobs')) as unknown as Array<{
      status: string;
      kind: string;
      printerId: string;
    }>;
    return list.length === 3 && list.every((job) => job.status === 'printed') ? list : null;
  });
  t.same(
    jobs.filter((job) => job.printerId === menu.printers.till).map((job) => job.kind),
    ['receipt'],
    'one job at the till: the receipt',
  );
});
