import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import t from 'tap';
import { PACKAGE_ROOT } from '../../src/version.js';
import { contrastRatio } from '../../src/web/shared/contrast.js';
import { tempDir } from '../helpers/app.js';
import { launchBrowser } from '../helpers/browser.js';
import { startEmulatorProcess } from '../helpers/emulator-process.js';
import { runPosInProcess } from '../helpers/cli.js';
import { startRealServer } from '../helpers/server.js';
import { adminApi, seedServerMenu } from '../helpers/venue.js';
import { waitFor } from '../helpers/wait.js';

// The till as a cashier uses it, in Debian's Chromium against the real executable and an emulated printer. One
// browser and one server for every scenario (the suite runs on 2 cores); the page is driven by role and name only.

const SHOTS = join(PACKAGE_ROOT, '.tap', 'screenshots');
/** `rgb(32, 35, 42)` as the page computes it → `#20232a`. */
const hexOf = (rgb: string) =>
  `#${(rgb.match(/\d+/g) ?? [])
    .slice(0, 3)
    .map((n) => Number(n).toString(16).padStart(2, '0'))
    .join('')}`;
const DOC_IMAGES = join(PACKAGE_ROOT, 'docs', 'images');
/**
 * Runs in the page: the amounts ("€ 26,00") under `selector` that break over two lines. No named inner functions: the
 * page function is sent as text, without tsx's name helper.
 */
const splitAmounts = (selector: string) => {
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

t.test('the till: log in, sell, sold-out live, offline outbox, refusals, a lost session', async (t) => {
  const browser = await launchBrowser(t);
  if (!browser) {
    t.comment('SKIPPED: no chromium on this machine (apt-get install chromium); in CI this is a failure');
    return;
  }
  mkdirSync(SHOTS, { recursive: true });
  const dataDir = tempDir(t);
  // Printers probed twice a second: a printer out of paper reaches the status line without a 5-second wait.
  let server = await startRealServer(t, dataDir, ['--printer-probe', '500']);
  const menu = await seedServerMenu(dataDir);
  const api = adminApi(dataDir, () => server.url);
  const admin = api.token;
  const printer = await startEmulatorProcess(t, tempDir(t), 0, 48);
  for (const [name, id] of Object.entries(menu.printers)) {
    await api('PUT', `/v1/printers/${id}`, { name, ip: '127.0.0.1', port: printer.port, status: 'ONLINE' });
  }
  await api('POST', '/v1/users', { username: 'giulia', password: 'sagra-2026', role: 'operator' });
  const listOrders = async () => (await api('GET', '/v1/orders?limit=100')).orders as Array<Record<string, any>>;
  /** Tickets (kitchen, bar, receipt) of the order of this customer: every test order has its own customer. */
  const ticketsFor = (customer: string) =>
    printer.tickets().filter((ticket) => ticket.includes(`Customer: ${customer}\n`)).length;

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  t.teardown(() => context.close());
  let page: Page = await context.newPage();
  const button = (name: string | RegExp) => page.getByRole('button', { name });
  const logIn = async () => {
    await page.getByLabel('Username').fill('giulia');
    await page.getByLabel('Password').fill('sagra-2026');
    await button('Log in').click();
  };
  const shot = async (name: string) => {
    await page.screenshot({ path: join(SHOTS, `${name}.png`) });
    if (process.env['UPDATE_SCREENSHOTS'] === '1') {
      mkdirSync(DOC_IMAGES, { recursive: true });
      await page.screenshot({ path: join(DOC_IMAGES, `${name}.png`) });
    }
  };
  /** Adds foods, pays by card (or cash with the given quick amount) and returns to a new order. */
  const sell = async (foods: Array<[tab: string, food: string]>, customer: string) => {
    for (const [tab, food] of foods) {
      await page.getByRole('tab', { name: tab }).click();
      await button(new RegExp(`^${food}`)).click();
    }
    await page.getByLabel('Customer').fill(customer);
    await button('Card').click();
    await button('Confirm card payment').click();
    await page.getByRole('region', { name: 'Paid' }).or(page.getByLabel('Paid')).first().waitFor();
  };

  await t.test('log in, pick the register, a cash order with change, its number, its tickets', async (t) => {
    await page.goto(`${server.url}/?lang=en`);
    await shot('till-login');
    await logIn();
    await button('Cassa 1').waitFor();
    t.notOk(await button('Cassa 2').isVisible(), 'a disabled one is not');
    await button('Cassa 1').click();
    await button(/^Margherita/).click();
    await button(/^Margherita/).click();
    await page.getByRole('tab', { name: 'Bevande' }).click();
    t.ok(await button(/^Acqua/).isHidden(), 'a food switched off before is not offered to an operator');
    await button(/^Birra/).click();
    await button('One more Birra').click();
    await button('One less Birra').click();
    await button('Note for Margherita').click();
    await page.getByLabel('Note (allergies…)').fill('senza glutine');
    await page.getByLabel('Customer').fill('Mario');
    await page.getByLabel('Table').fill('12');
    t.equal(await page.getByTestId('total').textContent(), '€19.00', '2 × 7.50 + 4.00');
    await shot('till-order-1280');
    await button('Cash').click();
    await button('€20.00').click();
    t.equal(
      await page.getByRole('status', { name: 'Change' }).textContent(),
      'Change €1.00',
      'the change, shown large',
    );
    await shot('till-cash-1280');
    await button('Confirm cash payment').click();
    const code = (await page.getByTestId('display-code').textContent({ timeout: 15_000 })) as string;
    const ticket = await page.getByTestId('ticket-number').textContent();
    t.match(code, /^[A-Z0-9]{3}$/);
    t.equal(ticket, '1');
    await shot('till-done-1280');
    const orders = await listOrders();
    t.equal(orders.length, 1);
    t.match(orders[0], {
      displayCode: code,
      customer: 'Mario',
      table: '12',
      total: '19.00',
      paymentMethod: 'CASH',
      status: 'confirmed',
    });
    const detail = await api('GET', `/v1/orders/${orders[0]!['id']}`);
    t.equal(detail['cashRegisterId'], menu.register, 'the register is recorded');
    t.ok(
      detail['categorizedItems'].some((group: any) => group.items.some((item: any) => item.notes === 'senza glutine')),
      'the note reaches the order',
    );
    await waitFor('the tickets of the order at the printer', async () => ticketsFor('Mario') >= 3, {
      timeoutMs: 20_000,
      intervalMs: 100,
    });
    t.pass('kitchen ticket and receipt printed');
    await button('New order').click();
    t.equal(await page.getByTestId('total').textContent(), '€0.00', 'a new, empty order');
  });

  await t.test('a food switched sold-out elsewhere greys out live', async (t) => {
    await page.getByRole('tab', { name: 'Pizze' }).click();
    await page.getByText('Live', { exact: true }).waitFor({ timeout: 15_000 });
    await button(/^Diavola/).click();
    await api('PATCH', `/v1/foods/${menu.foods.diavola}`, { available: false });
    await page.getByRole('button', { name: /^Diavola/, disabled: true }).waitFor({ timeout: 10_000 });
    t.match(await button(/^Diavola/).textContent(), /Sold out/);
    await page.getByRole('alert').filter({ hasText: 'Diavola: 1 in the order, sold out' }).waitFor();
    t.ok(await button('Card').isDisabled(), 'the order on screen is held back, in words');
    // Reloaded (the tablet restarts): the API lists only available foods to a cashier, yet the till keeps a food it
    // knew on screen, greyed, after asking the server that it still exists.
    const looked = page.waitForResponse(
      (response) => response.url().endsWith(`/v1/foods/${menu.foods.diavola}`) && response.status() === 200,
    );
    await page.reload();
    await looked;
    await page.getByText('Live', { exact: true }).waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: /^Diavola.*Sold out/, disabled: true }).waitFor();
    t.pass('still shown, greyed, after a reload');
    await api('PATCH', `/v1/foods/${menu.foods.diavola}`, { available: true });
    await page.getByRole('button', { name: /^Diavola/, disabled: false }).waitFor({ timeout: 10_000 });
    t.pass('and back when it is available again');
    t.ok(await button('Card').isEnabled(), 'the order can be paid again');
    await button('One less Diavola').click();
    // A status set by hand lasts until the monitor's next probe (half a second here): every alert shown is noted.
    await page.evaluate(`window.shownAlerts = [];
      window.alertWatch = new MutationObserver(() => document.querySelectorAll('[role="alert"]').forEach((alert) => window.shownAlerts.push(alert.textContent)));
      window.alertWatch.observe(document.body, { childList: true, subtree: true, characterData: true });`);
    await api('PATCH', `/v1/printers/${menu.printers.kitchen}`, { status: 'ERROR' });
    await waitFor(
      '"kitchen: needs attention" on the status line',
      async () =>
        ((await page.evaluate('window.shownAlerts')) as string[]).some((text) =>
          text.includes('kitchen: needs attention'),
        ),
      { timeoutMs: 10_000, intervalMs: 50 },
    );
    await page.evaluate('window.alertWatch.disconnect()');
    t.pass('a printer with a problem shows on the status line');
    await api('PATCH', `/v1/printers/${menu.printers.kitchen}`, { status: 'ONLINE' });
    // The printer itself says what is wrong: the volunteer reads what to fix (all three printers are this emulator).
    printer.send('paper-out');
    await page.getByRole('alert').filter({ hasText: 'kitchen: out of paper' }).waitFor({ timeout: 10_000 });
    t.match(
      (await runPosInProcess(['printers', 'list', '--data-dir', dataDir])).stdout,
      /ERROR PAPER_OUT/,
      'pos printers list says it too',
    );
    printer.send('paper-ok');
    await page
      .getByRole('alert')
      .filter({ hasText: 'out of paper' })
      .first()
      .waitFor({ state: 'detached', timeout: 10_000 });
    t.pass('and the line clears when the paper is back');
  });

  await t.test(
    'a short Wi-Fi blip that the event stream survives: Live again, not "Reconnecting…" for good',
    async (t) => {
      await page.getByText('Live', { exact: true }).waitFor({ timeout: 15_000 });
      await context.setOffline(true);
      await page.getByText('Offline', { exact: true }).waitFor({ timeout: 10_000 });
      await context.setOffline(false);
      // The stream never dropped, so no reconnection would ever say "Live": the till must know it is still up.
      await page.getByText('Live', { exact: true }).waitFor({ timeout: 5_000 });
      await api('PATCH', `/v1/foods/${menu.foods.diavola}`, { available: false });
      await page.getByRole('button', { name: /^Diavola/, disabled: true }).waitFor({ timeout: 10_000 });
      await api('PATCH', `/v1/foods/${menu.foods.diavola}`, { available: true });
      await page.getByRole('button', { name: /^Diavola/, disabled: false }).waitFor({ timeout: 10_000 });
      t.pass('Live again, and the events of the same stream still arrive');
    },
  );

  await t.test('the customer walks away: Clear order, after a second tap to be sure', async (t) => {
    await page.getByRole('tab', { name: 'Pizze' }).click();
    await button(/^Margherita/).click();
    await button(/^Margherita/).click();
    await page.getByLabel('Customer').fill('Walked away');
    await page.getByLabel('Discount', { exact: true }).fill('1');
    await button('Clear order').click();
    await button('No, keep it').click();
    t.equal(await page.getByTestId('total').textContent(), '€14.00', 'No keeps the order as it was');
    await button('Clear order').click();
    await button('Yes, clear it').click();
    await page.getByText('Tap a food to add it').waitFor();
    t.equal(await page.getByLabel('Customer').inputValue(), '', 'the customer is gone');
    t.equal(await page.getByLabel('Discount', { exact: true }).inputValue(), '', 'and the discount, field and all');
    t.equal(await page.getByTestId('total').textContent(), '€0.00');
    t.equal(await button('Clear order').count(), 0, 'nothing to clear on an empty order');
  });

  await t.test(
    'a surcharge and a discount reach the server as the tablet priced them; cash typed on the keypad',
    async (t) => {
      await page.getByRole('tab', { name: 'Pizze' }).click();
      await button(/^Margherita/).click();
      await button('Note for Margherita').click();
      await page.getByLabel('Surcharge').fill('1.50');
      await page.getByLabel('Customer').fill('Sconto');
      await page.getByLabel('Discount', { exact: true }).fill('1');
      await page.getByLabel('Discount reason').fill('Volontari');
      t.equal(await page.getByTestId('total').textContent(), '€8.00', '7.50 + 1.50 - 1.00');
      await shot('till-discount-reason-1280');
      await button('Cash').click();
      const keypad = page.getByRole('group', { name: 'Keypad' });
      // It opens on the exact amount (€8.00, 800 cents): three taps of Clear take it back to nothing, then 2, 0, 00.
      for (const key of ['Clear', 'Clear', 'Clear', '2', '0', '00'])
        await keypad.getByRole('button', { name: key, exact: true }).click();
      t.equal(
        await page.getByRole('status', { name: 'Change' }).textContent(),
        'Change €12.00',
        '€20.00 typed, €12.00 back',
      );
      await button('Confirm cash payment').click();
      await page.getByTestId('display-code').waitFor({ timeout: 20_000 });
      const listed = (await listOrders()).find((o) => o['customer'] === 'Sconto')!;
      const order = await api('GET', `/v1/orders/${listed['id']}`);
      t.match(
        order,
        {
          paymentMethod: 'CASH',
          surcharge: '1.50',
          discount: '1.00',
          discountReason: 'Volontari',
          total: '8.00',
          status: 'CONFIRMED',
        },
        'priced on the server as on the tablet',
      );
      await button('New order').click();
    },
  );

  await t.test('the menu kept on the tablet when the server does not answer it', async (t) => {
    await page.route('**/v1/foods**', (route) => route.abort('connectionrefused'));
    await page.reload();
    await page.getByText('Menu saved on this till (server not reached)').waitFor({ timeout: 15_000 });
    await page.getByRole('tab', { name: 'Pizze' }).click();
    t.ok(await button(/^Margherita/).isEnabled(), 'and it sells from it');
    await page.unroute('**/v1/foods**');
    await page.reload();
    await button(/^Margherita/).waitFor();
    t.equal(
      await page.getByText('Menu saved on this till (server not reached)').count(),
      0,
      'gone once the server answers',
    );
  });

  await t.test(
    'offline: three orders paid, sent by themselves when the network is back (page left open)',
    async (t) => {
      const before = (await listOrders()).length;
      await context.setOffline(true);
      for (const customer of ['Anna', 'Bruno', 'Carla']) {
        await sell([['Pizze', 'Margherita']], customer);
        await page.getByText(/Saved on this till/).waitFor({ timeout: 15_000 });
        await button('New order').click();
      }
      await button('3 waiting').waitFor();
      await shot('till-offline-1280');
      t.equal((await listOrders()).length, before, 'nothing reached the server yet');
      // The page loads its words in one language first; the other's follow once it has loaded, so the language
      // still changes with the Wi-Fi down.
      const language = page.getByRole('group', { name: 'Language' });
      await language.getByRole('button', { name: 'IT' }).click();
      await button('3 da inviare').waitFor({ timeout: 5_000 });
      await page.getByRole('group', { name: 'Lingua' }).getByRole('button', { name: 'EN' }).click();
      await button('3 waiting').waitFor({ timeout: 5_000 });
      await context.setOffline(false);
      await button('0 waiting').waitFor({ timeout: 30_000 });
      const orders = await listOrders();
      t.equal(orders.length, before + 3, 'exactly three orders');
      for (const customer of ['Anna', 'Bruno', 'Carla']) {
        const order = orders.find((o) => o['customer'] === customer);
        t.ok(order, `${customer}'s order`);
        await waitFor(`${customer}'s tickets`, async () => ticketsFor(customer) >= 2, {
          timeoutMs: 20_000,
          intervalMs: 100,
        });
      }
      await button('0 waiting').click();
      for (const customer of ['Anna', 'Bruno', 'Carla']) {
        const order = orders.find((o) => o['customer'] === customer)!;
        await page.getByText(new RegExp(`${order['displayCode']} · #${order['ticketNumber']}`)).waitFor();
        t.equal(ticketsFor(customer), 2, `${customer}: printed once (one kitchen ticket, one receipt)`);
      }
      t.pass('each shows its number on the tablet');
      await button('Back to the till').click();
    },
  );

  await t.test('offline, the tablet restarts, the network comes back: three orders, each once', async (t) => {
    const before = (await listOrders()).length;
    await context.setOffline(true);
    for (const customer of ['Dario', 'Elena', 'Fabio']) {
      await sell([['Bevande', 'Birra']], customer);
      await page.getByText(/Saved on this till/).waitFor({ timeout: 15_000 });
      await button('New order').click();
    }
    await button('3 waiting').waitFor();
    await page.close();
    await context.setOffline(false);
    page = await context.newPage();
    await page.goto(`${server.url}/?lang=en`);
    await waitFor(
      'the orders kept on the tablet at the server',
      async () => (await listOrders()).length >= before + 3,
      { timeoutMs: 30_000, intervalMs: 100 },
    );
    await button('0 waiting').waitFor({ timeout: 30_000 });
    const orders = await listOrders();
    t.equal(orders.length, before + 3, 'exactly three orders reached the server');
    for (const customer of ['Dario', 'Elena', 'Fabio']) {
      const order = orders.find((o) => o['customer'] === customer);
      t.ok(order, `${customer}'s order`);
      await waitFor(`${customer}'s tickets`, async () => ticketsFor(customer) >= 2, {
        timeoutMs: 20_000,
        intervalMs: 100,
      });
    }
    // Printed once: no second order, no second ticket, even though each was tried while offline.
    const printed = printer.tickets().length;
    await page.reload();
    await button('0 waiting').waitFor();
    t.equal((await listOrders()).length, before + 3, 'a reload sends nothing again');
    t.equal(printer.tickets().length, printed);
    for (const customer of ['Dario', 'Elena', 'Fabio'])
      t.equal(ticketsFor(customer), 2, `${customer}: one bar ticket, one receipt`);
    await button('0 waiting').click();
    for (const customer of ['Dario', 'Elena', 'Fabio']) {
      const order = orders.find((o) => o['customer'] === customer)!;
      await page.getByText(new RegExp(`${order['displayCode']} · #${order['ticketNumber']}`)).waitFor();
    }
    t.pass('after the restart, each shows its number on the tablet');
    await button('Back to the till').click();
  });

  await t.test("two tabs of the till on one tablet, offline: neither writes over the other's orders", async (t) => {
    const before = (await listOrders()).length;
    const other = await context.newPage(); // the same tablet: the same session, register and storage
    await other.goto(`${server.url}/?lang=en`);
    await other.getByRole('button', { name: /^Margherita/ }).waitFor();
    await context.setOffline(true);
    await sell([['Pizze', 'Margherita']], 'Scheda1');
    await page.getByText(/Saved on this till/).waitFor({ timeout: 15_000 });
    await other.getByRole('tab', { name: 'Pizze' }).click();
    await other.getByRole('button', { name: /^Margherita/ }).click();
    await other.getByLabel('Customer').fill('Scheda2');
    await other.getByRole('button', { name: 'Card' }).click();
    await other.getByRole('button', { name: 'Confirm card payment' }).click();
    await other.getByText(/Saved on this till/).waitFor({ timeout: 15_000 });
    await other.close();
    await page.close();
    await context.setOffline(false);
    page = await context.newPage();
    await page.goto(`${server.url}/?lang=en`);
    await waitFor("both tabs' orders at the server", async () => (await listOrders()).length >= before + 2, {
      timeoutMs: 30_000,
      intervalMs: 100,
    });
    const customers = (await listOrders())
      .slice(0, 2)
      .map((o) => o['customer'])
      .sort();
    t.same(customers, ['Scheda1', 'Scheda2'], 'the order of each tab, once');
    t.equal((await listOrders()).length, before + 2);
  });

  await t.test('an outbox left by an older till (one record for the whole outbox) is still sent, once', async (t) => {
    const before = (await listOrders()).length;
    const session = JSON.parse((await page.evaluate('localStorage.getItem("pos.till.session")')) as string) as {
      user: { id: string };
    };
    const entry = {
      key: `till-${'0123456789abcdef'.repeat(2)}`,
      createdAt: new Date().toISOString(),
      userId: session.user.id,
      username: 'giulia',
      body: {
        table: '5',
        customer: 'Vecchio',
        orderItems: [{ foodId: menu.foods.margherita, quantity: 1 }],
        confirm: { paymentMethod: 'CASH', userId: session.user.id, cashRegisterId: menu.register },
      },
      names: { [menu.foods.margherita]: 'Margherita' },
      totalCents: 750,
      state: 'waiting',
      attempts: 0,
    };
    const writeLegacy = `new Promise((resolve, reject) => {
      const opened = indexedDB.open('pos-till');
      opened.onerror = () => reject(opened.error);
      opened.onsuccess = () => {
        const tx = opened.result.transaction('state', 'readwrite');
        tx.objectStore('state').put({ entries: [${JSON.stringify(entry)}] }, 'outbox');
        tx.oncomplete = () => { opened.result.close(); resolve(true); };
        tx.onerror = () => reject(tx.error);
      };
    })`;
    await page.evaluate(writeLegacy);
    await page.reload();
    await waitFor(
      "the older till's order at the server",
      async () => (await listOrders()).some((o) => o['customer'] === 'Vecchio'),
      { timeoutMs: 30_000, intervalMs: 100 },
    );
    await page.reload();
    await button('0 waiting').waitFor({ timeout: 30_000 });
    t.equal((await listOrders()).length, before + 1, 'sent once, and not again after another reload');
  });

  await t.test(
    'the laptop restarts while the tablet sells (the Wi-Fi is fine, the server is not): sent when it is back',
    async (s) => {
      const before = (await listOrders()).length;
      s.equal(await server.stop('SIGTERM'), 0);
      await page
        .getByText(/Reconnecting|Offline/)
        .first()
        .waitFor({ timeout: 15_000 });
      s.pass('the status line no longer says Live');
      for (const customer of ['Riavvio1', 'Riavvio2']) {
        await sell([['Pizze', 'Margherita']], customer);
        await page.getByText(/Saved on this till/).waitFor({ timeout: 15_000 });
        await button('New order').click();
      }
      await button('2 waiting').waitFor();
      // Started for the rest of the file: its teardown belongs to the whole test, not to this step.
      server = await startRealServer(t, dataDir, ['--printer-probe', '500', '--port', String(server.port)]);
      await button('0 waiting').waitFor({ timeout: 30_000 });
      await page.getByText('Live', { exact: true }).waitFor({ timeout: 15_000 });
      const orders = await listOrders();
      s.equal(orders.length, before + 2, 'both orders, each once');
      for (const customer of ['Riavvio1', 'Riavvio2']) {
        s.equal(orders.filter((o) => o['customer'] === customer).length, 1, `${customer}'s order`);
        await waitFor(`${customer}'s tickets`, async () => ticketsFor(customer) === 2, {
          timeoutMs: 20_000,
          intervalMs: 100,
        });
      }
    },
  );

  await t.test(
    'never two orders for one payment: an answer lost on the way back, a double tap on Confirm',
    async (t) => {
      // The order reaches the server and is made, but its answer never reaches the tablet (the Wi-Fi drops just then).
      const keys: string[] = [];
      await page.route('**/v1/orders', async (route) => {
        if (route.request().method() !== 'POST') return route.fallback();
        keys.push(route.request().headers()['idempotency-key'] ?? '');
        if (keys.length > 1) return route.fallback();
        await route.fetch();
        await route.abort('connectionreset');
      });
      await sell([['Pizze', 'Margherita']], 'Perso');
      await page.getByTestId('display-code').waitFor({ timeout: 20_000 });
      await page.unroute('**/v1/orders');
      t.ok(keys.length >= 2, 'sent again by itself');
      t.match(keys[0], /^till-[0-9a-f]{32}$/, 'with an Idempotency-Key made on the tablet');
      t.same(new Set(keys).size, 1, 'the same key every time');
      const lost = (await listOrders()).filter((o) => o['customer'] === 'Perso');
      t.equal(lost.length, 1, 'one order on the server');
      t.equal(
        await page.getByTestId('display-code').textContent(),
        lost[0]!['displayCode'],
        'and its number on the tablet',
      );
      t.equal(
        (await api('GET', `/v1/print-jobs?orderId=${lost[0]!['id']}`)).length,
        2,
        'one kitchen ticket, one receipt',
      );
      await button('New order').click();
      // A cashier with gloves taps Confirm twice.
      await page.getByRole('tab', { name: 'Pizze' }).click();
      await button(/^Margherita/).click();
      await page.getByLabel('Customer').fill('Doppio');
      await button('Card').click();
      await button('Confirm card payment').dblclick();
      await page.getByTestId('display-code').waitFor({ timeout: 20_000 });
      t.equal((await listOrders()).filter((o) => o['customer'] === 'Doppio').length, 1, 'a double tap is one order');
      // Where the second tap lands when this screen comes up under the finger: the browser counts it as the second
      // of a double tap, and the number stays for the customer.
      const box = (await button('New order').boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down({ clickCount: 2 });
      await page.mouse.up({ clickCount: 2 });
      t.ok(await page.getByTestId('display-code').isVisible(), 'the second tap of a double tap keeps the number');
      await button('New order').click();
    },
  );

  await t.test('an order refused on arrival is shown with the reason and kept until the cashier decides', async (t) => {
    await context.setOffline(true);
    await sell([['Dolci', 'Tiramisù']], 'Gino');
    await button('New order').click();
    await api('PATCH', `/v1/foods/${menu.foods.tiramisu}`, { available: false }); // sold out meanwhile, at another till
    await context.setOffline(false);
    const banner = page.getByRole('alert').filter({ hasText: /refused by the server/ });
    await banner.waitFor({ timeout: 30_000 });
    t.equal(await banner.textContent(), '1 order refused by the server: open to decide', 'one order, not "order(s)"');
    await banner.click();
    const entry = page.getByRole('listitem').filter({ hasText: 'Gino' });
    t.match(await entry.textContent(), /refused/);
    t.match(
      await entry.textContent(),
      /^\d\d:\d\d · Gino · /,
      'paid at 21:05, not "9:05:12 PM" (the browser\'s own format)',
    );
    t.equal(
      await entry.getByRole('alert').textContent(),
      'The menu changed meanwhile. Tiramisù: 1 in the order, sold out.',
      "the reason names the food, in the cashier's words (not the API's English)",
    );
    t.match(
      await entry.textContent(),
      /Paid €4\.50 by card: unless it is sent again, refund it on the card terminal\./,
      'a card payment to refund',
    );
    await shot('till-refused-1280');
    // The list in a narrow column (470 px): no amount broken between "€" and its figure.
    await page.setViewportSize({ width: 470, height: 800 });
    t.same(await page.evaluate(splitAmounts, '.entries'), [], 'every amount of the list on one line at 470 px');
    await page.setViewportSize({ width: 1280, height: 800 });
    await entry.getByRole('button', { name: 'Give up this order' }).click();
    t.match(
      await page.getByRole('alertdialog').textContent(),
      /refund €4\.50 on the card terminal/,
      'giving up says how the money goes back',
    );
    await page.getByRole('alertdialog').getByRole('button', { name: 'Give up this order' }).click();
    await entry.waitFor({ state: 'detached' });
    t.notOk(
      (await listOrders()).some((o) => o['customer'] === 'Gino'),
      'never reached the server',
    );
    await button('Back to the till').click();
    await api('PATCH', `/v1/foods/${menu.foods.tiramisu}`, { available: true });
  });

  await t.test('a 401 sends the cashier to log in without losing the order on screen', async (t) => {
    await page.getByRole('tab', { name: 'Pizze' }).click();
    await button(/^Margherita/).click();
    await page.getByLabel('Customer').fill('Lucia');
    // The session ends on the tablet's side of things: the stored token is no longer accepted.
    const session = await page.evaluate(() =>
      (globalThis as unknown as { localStorage: { getItem(key: string): string | null } }).localStorage.getItem(
        'pos.till.session',
      ),
    );
    const revoked = await runPosInProcess([
      'token',
      'revoke',
      JSON.parse(session as string).token,
      '--data-dir',
      dataDir,
    ]);
    t.equal(revoked.code, 0, revoked.stderr);
    await button('Orders').click();
    await page.getByText(/Your session ended/).waitFor({ timeout: 15_000 });
    await shot('till-relogin-1280');
    await logIn();
    await button('Back to the till').click();
    t.equal(await page.getByLabel('Customer').inputValue(), 'Lucia', 'the customer is still there');
    t.equal(await page.getByTestId('total').textContent(), '€7.50', 'and the line');
  });

  await t.test('"Log out" asks first, and the order on screen stays for the next cashier', async (t) => {
    await button('Log out').click();
    const asked = page.getByRole('alertdialog', { name: 'Log out' });
    t.match(await asked.textContent(), /Log out giulia\?/);
    // Readable, not only present: asked from the dark status line, its text once came out white on white.
    // (No named helpers inside: the page function is sent as text, without tsx's name helper.)
    const inks = await asked.evaluate((dialog: any) =>
      [dialog.querySelector('p'), ...dialog.querySelectorAll('button')].map((element) => [
        (globalThis as any).getComputedStyle(element).color as string,
        (globalThis as any).getComputedStyle(element).backgroundColor as string,
        (globalThis as any).getComputedStyle(dialog).backgroundColor as string,
      ]),
    );
    for (const [ink, paper, card] of inks)
      t.ok(
        contrastRatio(hexOf(ink!), hexOf(paper === 'rgba(0, 0, 0, 0)' ? card! : paper!)) >= 4.5,
        `${ink} on ${paper === 'rgba(0, 0, 0, 0)' ? card : paper}`,
      );
    await asked.getByRole('button', { name: 'No, stay' }).click();
    t.equal(await page.getByLabel('Customer').inputValue(), 'Lucia', 'a slip changes nothing');
    t.equal(await page.getByLabel('Password').count(), 0, 'still logged in');
    await button('Log out').click();
    const loggingOut = page.waitForRequest(
      (request) => request.method() === 'POST' && request.url().endsWith('/v1/auth/logout'),
    );
    await page.getByRole('alertdialog', { name: 'Log out' }).getByRole('button', { name: 'Yes, log out' }).click();
    await page.getByLabel('Password').waitFor();
    // The server forgets the token too: a copy of it no longer works.
    const authorization = (await loggingOut).headers()['authorization'] ?? '';
    t.match(authorization, /^Bearer \S+/, 'Log out calls POST /v1/auth/logout with the till’s token');
    await waitFor(
      'the till’s token revoked',
      async () => (await fetch(`${server.url}/v1/auth/me`, { headers: { authorization } })).status === 401,
      { timeoutMs: 10_000, intervalMs: 100 },
    );
    t.equal(
      await page.getByLabel('Username').inputValue(),
      '',
      'a change of cashier: the next one types their own name',
    );
    await logIn();
    t.equal(await page.getByLabel('Customer').inputValue(), 'Lucia', 'the order is still on screen');
  });

  await t.test(
    'orders: search, confirm a pending one with payment, reprint the kitchen tickets, cancel after a confirmation',
    async (t) => {
      const pending = await api('POST', '/v1/orders', {
        table: '3',
        customer: 'Piero',
        orderItems: [{ foodId: menu.foods.margherita, quantity: 2 }],
      });
      await button('Orders').click();
      await page.getByRole('tab', { name: 'Pending' }).click();
      await button(/ · Piero · /).waitFor();
      // The open list follows the cashier channel: an order taken elsewhere appears without a touch.
      await api('POST', '/v1/orders', {
        table: '4',
        customer: 'Rosa',
        orderItems: [{ foodId: menu.foods.margherita, quantity: 1 }],
      });
      await button(/ · Rosa · /).waitFor({ timeout: 10_000 });
      await page.getByLabel('Search').fill('Piero');
      t.match(
        await button(new RegExp(`^${pending['displayCode']}`)).textContent(),
        /· Piero · Table 3 ·/,
        'the table is named, not a bare number beside the ticket number',
      );
      await button(new RegExp(`^${pending['displayCode']}`)).click();
      const detail = page.getByRole('region', { name: pending['displayCode'] });
      await detail.getByRole('button', { name: 'Cash' }).click();
      await button('€20.00').click();
      await button('Confirm cash payment').click();
      // A done screen, as at the till: the change stays on screen after the dialog, with the numbers.
      const paidScreen = page.getByRole('region', { name: 'Paid' });
      await paidScreen.waitFor({ timeout: 20_000 });
      t.equal(
        await paidScreen.getByRole('status', { name: 'Change' }).textContent(),
        'Change €5.00',
        'the change of a pre-order paid in cash, large',
      );
      t.match(
        await paidScreen.textContent(),
        new RegExp(`Order code ${pending['displayCode']}Ticket \\d+`),
        'its numbers, large',
      );
      const confirmed = await api('GET', `/v1/orders/${pending['id']}`);
      t.match(confirmed, {
        status: 'CONFIRMED',
        paymentMethod: 'CASH',
        cashRegisterId: menu.register,
        ticketNumber: Number,
      });
      await paidScreen.getByRole('button', { name: 'Back to the orders' }).click();
      await page.getByRole('tab', { name: 'Today', selected: true }).waitFor();
      t.pass("no longer pending: the list beside it is today's, where the order now is");
      await waitFor("Piero's kitchen ticket and receipt", async () => ticketsFor('Piero') >= 2, {
        timeoutMs: 20_000,
        intervalMs: 100,
      });
      const printed = ticketsFor('Piero');
      await detail.getByRole('button', { name: 'Reprint kitchen tickets' }).click();
      await waitFor('the reprinted kitchen ticket', async () => ticketsFor('Piero') === printed + 1, {
        timeoutMs: 20_000,
        intervalMs: 100,
      });
      t.pass('the kitchen ticket printed again');
      const receipts = () =>
        printer
          .tickets()
          .filter(
            (ticket) =>
              ticket.includes('Customer: Piero\n') && ticket.includes('*** REPRINT ***') && ticket.includes('TOTAL'),
          );
      t.equal(receipts().length, 0);
      await detail.getByRole('button', { name: 'Reprint receipt' }).click();
      await page.getByRole('status').filter({ hasText: 'Receipt sent to the printer' }).waitFor();
      await waitFor('the reprinted receipt at the printer', async () => receipts().length === 1, {
        timeoutMs: 20_000,
        intervalMs: 100,
      });
      t.equal(ticketsFor('Piero'), printed + 2, 'the receipt alone: no kitchen ticket with it');
      await shot('till-order-detail-1280');
      const cancelled = () =>
        printer
          .tickets()
          .filter((ticket) => ticket.includes('C A N C E L L E D') && ticket.includes('Customer: Piero\n'));
      // A refund of one pizza not cooked yet: its money back, said large, and the kitchen told on paper.
      await detail.getByRole('button', { name: 'Refund' }).click();
      const refund = page.getByRole('dialog', { name: 'Refund' });
      await refund.getByRole('button', { name: 'One more Margherita' }).click();
      await refund.getByRole('textbox', { name: 'Reason' }).fill('bruciata');
      t.equal(
        await refund.getByRole('status', { name: 'To give back' }).textContent(),
        'Give back €7.50 in cash',
        'the amount to give back, large, with how',
      );
      await shot('till-refund-1280');
      await refund.getByRole('button', { name: 'Refund' }).click();
      await detail.getByRole('status').filter({ hasText: 'Refunded €7.50: give it back to the customer' }).waitFor();
      await detail.getByText('1 refunded').waitFor();
      t.match(await api('GET', `/v1/orders/${pending['id']}`), { refunded: '7.50' });
      await waitFor('the cancellation ticket of the refunded pizza', async () => cancelled().length === 1, {
        timeoutMs: 20_000,
        intervalMs: 100,
      });
      t.match(cancelled()[0], /1 x Margherita/, 'only the refunded pizza is not to be made');
      await detail.getByRole('button', { name: 'Cancel order' }).click();
      const dialog = page.getByRole('alertdialog');
      t.match(await dialog.textContent(), new RegExp(`Cancel order ${pending['displayCode']}\\?`));
      t.match(await dialog.textContent(), /^Give back €7\.50 in cash\./, 'what is left to give back, before asking');
      await dialog.getByRole('button', { name: 'No, keep it' }).click();
      t.equal(
        (await api('GET', `/v1/orders/${pending['id']}`))['status'],
        'CONFIRMED',
        'kept when the cashier says no',
      );
      await detail.getByRole('button', { name: 'Cancel order' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, cancel it' }).click();
      await waitFor(
        'the order cancelled',
        async () =>
          (await fetch(`${server.url}/v1/orders/${pending['id']}`, { headers: { authorization: `Bearer ${admin}` } }))
            .status === 404,
        { timeoutMs: 20_000, intervalMs: 100 },
      );
      await waitFor('the cancellation ticket at the kitchen', async () => cancelled().length === 2, {
        timeoutMs: 20_000,
        intervalMs: 100,
      });
      t.match(cancelled()[1], /do not make this order/, 'the kitchen hears of it on paper');
      await page.getByRole('tab', { name: 'Today' }).click();
      await page.getByLabel('Search').fill('');
      await button(/^[A-Z0-9]{3} #1 /)
        .first()
        .waitFor();
      // Today's list is this register's: an order confirmed at another register is not in it.
      const elsewhere = await api('POST', '/v1/cash-registers', {
        name: 'Cassa 3',
        defaultPrinterId: menu.printers.till,
      });
      await api('POST', '/v1/orders', {
        table: '9',
        customer: 'Altrove',
        orderItems: [{ foodId: menu.foods.margherita, quantity: 1 }],
        confirm: { paymentMethod: 'CASH', cashRegisterId: elsewhere['id'] },
      });
      await page.getByLabel('Search').fill('Mario');
      await button(/ · Mario · /).waitFor();
      await page.getByLabel('Search').fill('Altrove');
      await page.getByText('No orders found').waitFor();
      await page.getByLabel('Search').fill('');
      await button(/^[A-Z0-9]{3} #1 /)
        .first()
        .waitFor();
      await shot('till-orders-1280');
      await button('Back to the till').click();
    },
  );

  await t.test('portions: "N left" live, no tap beyond it, a short order held back, a 409 in words', async (t) => {
    while ((await button(/^One less /).count()) > 0)
      await button(/^One less /)
        .first()
        .click();
    await page.getByRole('tab', { name: 'Pizze' }).click();
    const diavola = () => button(/^Diavola/);
    await api('PATCH', `/v1/foods/${menu.foods.diavola}`, { stock: 3 });
    await page.getByRole('button', { name: /^Diavola.*3 left/ }).waitFor({ timeout: 10_000 });
    t.pass('"3 left" on the button, live');
    // Another till sells one: the count goes down on this one.
    await api('POST', '/v1/orders', {
      table: '5',
      customer: 'Altra cassa',
      orderItems: [{ foodId: menu.foods.diavola, quantity: 1 }],
      confirm: { paymentMethod: 'CASH' },
    });
    await page.getByRole('button', { name: /^Diavola.*2 left/ }).waitFor({ timeout: 10_000 });
    t.pass('"2 left" after a sale elsewhere');
    await diavola().click();
    await diavola().click();
    await page.getByRole('button', { name: /^Diavola.*2 left, all in this order/, disabled: true }).waitFor();
    t.equal(await page.getByTestId('total').textContent(), '€17.00', 'two in the order, no third');
    t.ok(await button('One more Diavola').isDisabled(), '+ on the line stops there too');
    await shot('till-portions-1280');
    // Another till sells one more: this order now asks 2 of 1. It is held back before sending, in words.
    await api('POST', '/v1/orders', {
      table: '5',
      customer: 'Altra cassa',
      orderItems: [{ foodId: menu.foods.diavola, quantity: 1 }],
      confirm: { paymentMethod: 'CASH' },
    });
    const short = page.getByRole('alert').filter({ hasText: 'Diavola: 2 in the order, only 1 left' });
    await short.waitFor({ timeout: 10_000 });
    t.ok(await button('Card').isDisabled(), 'pay is held back');
    await button('One less Diavola').click();
    await short.waitFor({ state: 'detached' });
    t.ok(await button('Card').isEnabled(), 'and possible again with one');
    // The last one goes at another till while this order travels: the server's 409, shown in words.
    await page.getByLabel('Customer').fill('Ultima');
    await context.setOffline(true);
    await button('Cash').click();
    await button('€10.00').click();
    await button('Confirm cash payment').click();
    await page.getByText(/Saved on this till/).waitFor({ timeout: 15_000 });
    await api('POST', '/v1/orders', {
      table: '5',
      customer: 'Altra cassa',
      orderItems: [{ foodId: menu.foods.diavola, quantity: 1 }],
      confirm: { paymentMethod: 'CASH' },
    });
    await context.setOffline(false);
    const refusal = page
      .getByRole('alert')
      .filter({ hasText: 'Another till sold what was left meanwhile. Diavola: 1 in the order, sold out.' });
    await refusal.waitFor({ timeout: 30_000 });
    t.match(await page.getByRole('heading', { level: 1 }).textContent(), /Not accepted by the server/);
    t.match(
      await page.getByRole('region', { name: 'Paid' }).textContent(),
      /Paid €8\.50 in cash; the customer handed over €10\.00\./,
      'what was paid, with the refusal',
    );
    await shot('till-portions-409-1280');
    await button('Change the order').click();
    t.equal(await page.getByLabel('Customer').inputValue(), 'Ultima', 'the order is back on screen');
    await page.getByRole('button', { name: /^Diavola.*Sold out/, disabled: true }).waitFor({ timeout: 10_000 });
    t.pass('at 0 the food greys out');
    await page.getByRole('alert').filter({ hasText: 'Diavola: 1 in the order, sold out' }).waitFor();
    t.notOk(
      (await listOrders()).some((o) => o['customer'] === 'Ultima'),
      'nothing reached the server',
    );
    // What was paid comes back with it: the drawer holds €8.50 of this order, the change of €1.50 went already.
    const settle = page.getByRole('status', { name: 'Paid before the change' });
    t.match(await settle.textContent(), /Paid €8\.50 in cash; the customer handed over €10\.00\./);
    t.match(await settle.textContent(), /Nothing to give back or collect/, 'the same order costs the same');
    await button('One less Diavola').click();
    t.equal(await page.getByTestId('total').textContent(), '€0.00');
    t.match(await settle.textContent(), /Give back €8\.50/, 'the Diavola taken off: its money goes back');
    await button('Clear order').click();
    await button('Yes, clear it').click();
    await settle.waitFor({ state: 'detached' });
    // Restocked: back on every till by itself.
    await api('PATCH', `/v1/foods/${menu.foods.diavola}`, { stockAdd: 5 });
    await page.getByRole('button', { name: /^Diavola.*5 left/, disabled: false }).waitFor({ timeout: 10_000 });
    await api('PATCH', `/v1/foods/${menu.foods.diavola}`, { stock: null });
    await page.getByRole('button', { name: /^Diavola €8\.50$/ }).waitFor({ timeout: 10_000 });
  });

  await t.test('pos serve prints the till address, pos till-url prints it with a QR', async (t) => {
    t.match(
      server.output(),
      new RegExp(`http://127\\.0\\.0\\.1:${server.port}/\\n`),
      'the address pos serve prints opens the till',
    );
    const json = await runPosInProcess(['till-url', '--json', '--data-dir', dataDir]);
    t.equal(json.code, 0, json.stderr);
    t.same(JSON.parse(json.stdout), { urls: [`http://127.0.0.1:${server.port}/`] });
    t.match(json.stderr, /listens on 127\.0\.0\.1 only/);
    const withQr = await runPosInProcess(['till-url', '--data-dir', dataDir]);
    t.match(withQr.stdout, /Scan to open the till/);
    // The top edges of a QR code's three corner squares, whatever it encodes (not a run of blocks: that depends on
    // the address and its port).
    t.ok((withQr.stdout.match(/█▀▀▀▀▀█/g) ?? []).length >= 3, 'a QR code drawn in the terminal');
  });

  await t.test('phone and tablet sizes, Italian', async (t) => {
    // A sagra's categories have long names: their tabs outgrow a phone's width and must scroll, not widen the page.
    const grill = await api('POST', '/v1/categories', {
      name: 'Secondi alla griglia',
      position: 10,
      printerId: menu.printers.kitchen,
    });
    const sides = await api('POST', '/v1/categories', {
      name: 'Contorni di stagione',
      position: 11,
      printerId: menu.printers.kitchen,
    });
    const grilled = await api('POST', '/v1/foods', {
      name: 'Grigliata mista di carne con polenta abbrustolita',
      price: 14.5,
      categoryId: grill.id,
      available: true,
    });
    const veg = await api('POST', '/v1/foods', {
      name: 'Verdure grigliate',
      price: 4,
      categoryId: sides.id,
      available: true,
    });
    const more: Array<Record<string, any>> = [];
    for (const name of ['Costine di maiale', 'Salsiccia alla griglia', 'Porchetta'])
      more.push(await api('POST', '/v1/foods', { name, price: 8, categoryId: grill.id, available: true }));
    t.teardown(async () => {
      for (const food of [grilled, veg, ...more]) await api('DELETE', `/v1/foods/${food.id}`);
      for (const category of [grill, sides]) await api('DELETE', `/v1/categories/${category.id}`);
    });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}/?lang=it`);
    await page.getByRole('tab', { name: 'Pizze' }).click();
    await button(/^Margherita/).click();
    await page.getByLabel('Cliente').fill('Lucia');
    await page.getByRole('button', { name: 'Contanti' }).waitFor();
    await page.getByRole('tab', { name: 'Secondi alla griglia' }).waitFor();
    await page.getByRole('button', { name: 'Uno in più: Margherita', exact: true }).waitFor(); // not "Un Margherita in più"
    // No named functions inside evaluate: tsx would wrap them in a helper the page does not have.
    const layout = await page.evaluate(() => {
      const document = (globalThis as any).document; // the page's, in the browser; this file is typed for Node
      return {
        pageWidth: document.documentElement.scrollWidth,
        cardRight:
          [...document.querySelectorAll('button')].find((b) => b.textContent === 'Carta')?.getBoundingClientRect()
            .right ?? Infinity,
        cutTabs: [...document.querySelectorAll('[role=tab]')]
          .filter((tab) => tab.scrollWidth > tab.clientWidth + 1)
          .map((tab) => tab.textContent),
        small: [...document.querySelectorAll('button, input')]
          .map((e) => [e, e.getBoundingClientRect()] as const)
          .filter(([, box]) => box.width > 0 && (box.width < 48 || box.height < 48))
          .map(
            ([e, box]) =>
              `${e.getAttribute('aria-label') ?? e.textContent} ${Math.round(box.width)}x${Math.round(box.height)}`,
          ),
      };
    });
    t.ok(layout.pageWidth <= 390, `the page is no wider than the phone (${layout.pageWidth} px)`);
    t.ok(layout.cardRight <= 390, `Carta is on screen (its right edge at ${layout.cardRight} px)`);
    t.same(layout.cutTabs, [], 'no category tab has its name cut: the row of tabs scrolls');
    t.same(layout.small, [], 'every control is at least 48 × 48 px');
    // The order below squeezes the menu (a line with its note open): a long name stays inside its button.
    await page.getByRole('tab', { name: 'Secondi alla griglia' }).click();
    await button(/^Grigliata mista/).click();
    await button('Nota per Grigliata mista di carne con polenta abbrustolita').click();
    await page.getByLabel('Nota (allergie…)').waitFor();
    const spilled = await page.evaluate(() =>
      [...(globalThis as any).document.querySelectorAll('.food')]
        .filter((food) => food.scrollHeight > food.clientHeight + 1)
        .map((food) => food.textContent),
    );
    t.same(spilled, [], 'no food name spills out of its button');
    await button('Uno in meno: Grigliata mista di carne con polenta abbrustolita').click();
    await page.getByRole('tab', { name: 'Pizze' }).click();
    await shot('till-order-390');
    await page.getByRole('button', { name: 'Contanti' }).click();
    await shot('till-cash-390');
    t.ok(await page.getByRole('button', { name: 'Conferma pagamento in contanti' }).isVisible());
    await page.getByRole('button', { name: 'Indietro' }).click();
    // A food tapped on a phone shows its line, though the order holds more lines than the phone shows at once.
    const added: Array<[tab: string, food: string]> = [
      ['Pizze', 'Diavola'],
      ['Bevande', 'Birra'],
      ['Dolci', 'Tiramisù'],
      ['Secondi alla griglia', 'Grigliata mista di carne con polenta abbrustolita'],
    ];
    for (const [tab, food] of added) {
      await page.getByRole('tab', { name: tab }).click();
      await button(new RegExp(`^${food}`)).click();
    }
    const lastLine = await button('Uno in meno: Grigliata mista di carne con polenta abbrustolita').boundingBox();
    const linesBox = await page.locator('.lines').boundingBox();
    t.ok(
      lastLine &&
        linesBox &&
        lastLine.y >= linesBox.y &&
        lastLine.y + lastLine.height <= linesBox.y + linesBox.height + 1,
      'the line just added is in sight',
    );
    for (const [, food] of added) await button(`Uno in meno: ${food}`).click();
    // The orders view on a phone: the order opened from the top of a long list shows below it, and is brought on
    // screen with its buttons (and what a tap on them did is said beside them, not at the top of the list).
    await button('Ordini').click();
    const rows = page.locator('.order-row');
    await rows.first().waitFor();
    await rows.first().click();
    const opened = page.getByRole('region', { name: /^[A-Z0-9]{3}$/ });
    await opened.getByRole('button', { name: 'Annulla ordine' }).waitFor();
    await waitFor(
      'the opened order on screen',
      async () => {
        const box = await opened.getByRole('button', { name: 'Annulla ordine' }).boundingBox();
        return box !== null && box.y >= 0 && box.y + box.height <= 844;
      },
      { timeoutMs: 5_000, intervalMs: 50 },
    );
    const scrolled = await page.evaluate(() => (globalThis as any).document.querySelector('.panel.orders').scrollTop);
    t.same(
      await page.evaluate(splitAmounts, '.order-detail'),
      [],
      'no amount of the opened order broken over two lines ("€" / "26,00")',
    );
    t.ok(
      scrolled > 0,
      `the opened order and its buttons are on screen, below a list longer than the phone (scrolled ${scrolled} px)`,
    );
    await shot('till-order-detail-390');
    await button('Torna alla cassa').click();
    // A 10" tablet upright (800 × 1280): the order column is narrow, yet no amount breaks over two lines ("€" above
    // "52,50" was read as a different total) and the total stays inside the screen.
    await page.setViewportSize({ width: 800, height: 1280 });
    for (let i = 0; i < 6; i++) await button('Uno in più: Margherita').click();
    t.equal(await page.getByTestId('total').textContent(), '€\u00a052,50');
    const amounts = await page.evaluate(() =>
      [...(globalThis as any).document.querySelectorAll('[data-testid=total], .totals dd, .line-total')].map(
        (element) => {
          const box = element.getBoundingClientRect();
          return {
            text: element.textContent,
            oneLine: box.height < parseFloat((globalThis as any).getComputedStyle(element).fontSize) * 1.8,
            inside: box.right <= 800,
          };
        },
      ),
    );
    t.same(
      amounts.filter((amount) => !amount.oneLine || !amount.inside),
      [],
      'every amount on one line, on screen',
    );
    await shot('till-order-800');
    for (let i = 0; i < 6; i++) await button('Uno in meno: Margherita').click();
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});
