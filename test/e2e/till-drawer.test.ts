import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { PACKAGE_ROOT } from '../../src/version.js';
import { launchBrowser } from '../helpers/browser.js';
import { oneEmulatorVenue } from '../helpers/till-venue.js';
import { waitFor } from '../helpers/wait.js';

// The drawer as a cashier lives it, in Debian's Chromium against the real executable and an emulated printer: the
// till asks for the float, the cashier opens the drawer, sells in cash, counts the drawer note by note at the end of
// the shift, and the register's printer prints the handover slip with the count.

const SHOTS = join(PACKAGE_ROOT, '.tap', 'screenshots');

t.test('open the drawer, sell, count and close it: the slip comes out', async (t) => {
  const browser = await launchBrowser(t);
  if (!browser) {
    t.comment('SKIPPED: no chromium on this machine (apt-get install chromium); in CI this is a failure');
    return;
  }
  mkdirSync(SHOTS, { recursive: true });
  const { server, menu, api, printer } = await oneEmulatorVenue(t);

  const sizes = [
    [1280, 800],
    [412, 915],
  ] as const;
  for (const [round, [width, height]] of sizes.entries()) {
    const context = await browser.newContext({ viewport: { width, height } });
    t.teardown(() => context.close());
    const page = await context.newPage();
    const button = (name: string | RegExp) => page.getByRole('button', { name });
    await page.goto(`${server.url}/?lang=en`);
    await page.getByLabel('Username').fill('giulia');
    await page.getByLabel('Password').fill('sagra-2026');
    await button('Log in').click();
    await button('Cassa 1').click();

    // The till asks: no drawer is open on this register.
    const ask = page.getByRole('region', { name: 'The drawer' });
    await ask.getByText('No drawer is open on Cassa 1').waitFor({ timeout: 15_000 });
    await page.screenshot({ path: join(SHOTS, `till-drawer-ask-${width}.png`) });
    await ask.getByRole('button', { name: 'Open the drawer' }).click();
    const opening = page.getByRole('dialog', { name: 'Open the drawer' });
    await opening.getByRole('button', { name: '€50.00' }).click();
    await opening.getByRole('button', { name: 'Open the drawer €50.00' }).click();
    await ask.waitFor({ state: 'detached' });

    // A cash sale: 2 × Margherita (7.50) = 15.00, paid with a 20 € note.
    await button(/^Margherita/).click();
    await button(/^Margherita/).click();
    await page.getByLabel('Customer').fill(`drawer ${width}`);
    await button('Cash').click();
    await button('€20.00').click();
    await button('Confirm cash payment').click();
    await page.getByTestId('display-code').waitFor({ timeout: 15_000 });
    await button('New order').click();

    // The end of the shift: 50 + 10 + 5 counted, 65.00 expected (50 float + 15 sales).
    await button('Drawer').click();
    const closing = page.getByRole('dialog', { name: 'Close the drawer' });
    await closing.getByText('Expected €65.00').waitFor({ timeout: 15_000 });
    for (const amount of ['€50.00', '€10.00', '€2.00', '€2.00', '€1.00']) {
      await closing.getByRole('button', { name: `Add ${amount}` }).click();
    }
    t.equal(await closing.getByRole('status', { name: 'Difference' }).textContent(), 'The drawer is right');
    await closing.getByRole('button', { name: 'Take off €1.00' }).click();
    await closing.getByLabel('Coins under € 1').fill('0,50');
    t.equal(
      await closing.getByRole('status', { name: 'Difference' }).textContent(),
      'Short by €0.50',
      'counted 64.50 against 65.00 expected',
    );
    await page.screenshot({ path: join(SHOTS, `till-drawer-count-${width}.png`) });
    await closing.getByRole('button', { name: 'Close the drawer' }).click();
    await closing.getByText(/handover slip is printing/).waitFor({ timeout: 15_000 });
    await closing.getByRole('button', { name: 'Done' }).click();

    const slips = await waitFor(
      'the handover slip at the register printer',
      () => {
        const found = printer.tickets().filter((ticket) => ticket.includes('H A N D O V E R'));
        return found.length > round ? found : null;
      },
      { timeoutMs: 20_000, intervalMs: 100, detail: () => `${printer.tickets().length} tickets` },
    );
    const slip = slips[round] as string;
    t.match(slip, /Counted\s+€ 64\.50/);
    t.match(slip, /1 x € 50\.00\s+50\.00/);
    t.match(slip, /DIFFERENCE\s+-€ 0\.50/);
    t.match(slip, /Treasurer/);
    const sessions = await api('GET', `/v1/cash-registers/${menu.register}/sessions`);
    t.match(sessions[0], { status: 'closed', float: 50, cashSales: 15, counted: 64.5, difference: -0.5 });
    await context.close();
  }
});
