import t from 'tap';
import { contrastRatio } from '../../src/web/shared/contrast.js';
import { runPosInProcess } from '../helpers/cli.js';
import { openTillJourney, splitAmounts } from '../helpers/till-journey.js';
import { waitFor } from '../helpers/wait.js';

// The cashier's work beyond the sale, in Debian's Chromium against the real executable and an emulated printer: a
// session ended or handed over, the orders view (a pending order paid, reprints, a refund, a cancellation), portions
// running out, the till's address, and the phone and tablet sizes in Italian. The sale itself, offline and back, is
// in till.test.ts.

/** `rgb(32, 35, 42)` as the page computes it → `#20232a`. */
const hexOf = (rgb: string) =>
  `#${(rgb.match(/\d+/g) ?? [])
    .slice(0, 3)
    .map((n) => Number(n).toString(16).padStart(2, '0'))
    .join('')}`;

t.test('the till after the sale: sessions, the orders view, portions, sizes', async (t) => {
  const till = await openTillJourney(t);
  if (!till) {
    t.comment('SKIPPED: no chromium on this machine (apt-get install chromium); in CI this is a failure');
    return;
  }
  const { venue, context, button, logIn, shot, listOrders, ticketsFor } = till;
  const { dataDir, menu, api, printer, server } = venue;
  const admin = api.token;
  const page = till.page;
  // An evening under way: Mario's order was the first of this register, and enough followed to fill a phone's list.
  await till.openAtCassa1(['Mario', 'Anna', 'Bruno', 'Carla', 'Dario', 'Elena', 'Fabio', 'Gino', 'Ida', 'Luca']);

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
      await button(/ · Rosa · /).waitFor({ timeout: 30_000 });
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
    await page.getByRole('button', { name: /^Diavola.*3 left/ }).waitFor({ timeout: 30_000 });
    t.pass('"3 left" on the button, live');
    // Another till sells one: the count goes down on this one.
    await api('POST', '/v1/orders', {
      table: '5',
      customer: 'Altra cassa',
      orderItems: [{ foodId: menu.foods.diavola, quantity: 1 }],
      confirm: { paymentMethod: 'CASH' },
    });
    await page.getByRole('button', { name: /^Diavola.*2 left/ }).waitFor({ timeout: 30_000 });
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
    await short.waitFor({ timeout: 30_000 });
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
    await page.getByRole('button', { name: /^Diavola.*Sold out/, disabled: true }).waitFor({ timeout: 30_000 });
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
    await page.getByRole('button', { name: /^Diavola.*5 left/, disabled: false }).waitFor({ timeout: 30_000 });
    await api('PATCH', `/v1/foods/${menu.foods.diavola}`, { stock: null });
    await page.getByRole('button', { name: /^Diavola €8\.50$/ }).waitFor({ timeout: 30_000 });
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
      { timeoutMs: 20_000, intervalMs: 50 },
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
