import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import t from 'tap';
import { openStorage } from '../../src/storage/database.js';
import { PACKAGE_ROOT } from '../../src/version.js';
import { tempDir } from '../helpers/app.js';
import { launchBrowser, openUntouched } from '../helpers/browser.js';
import { runPosInProcess } from '../helpers/cli.js';
import { startRealServer } from '../helpers/server.js';
import { adminApi, seedServerMenu } from '../helpers/venue.js';
import { waitFor } from '../helpers/wait.js';

// A grill, a bar and a TV run the evening from screens (docs/kitchen.md), in Debian's Chromium against the real
// executable: one browser, one context per device (each has its own storage, as separate tablets do); the kitchen
// screens are driven by role and accessible name.

const SHOTS = join(PACKAGE_ROOT, '.tap', 'screenshots');
const DOC_IMAGES = join(PACKAGE_ROOT, 'docs', 'images');

/** Runs in the page: how many times the chime rang. */
const chimes = () => Number((globalThis as { document?: any }).document?.documentElement.dataset.chimes ?? 0);
/** Runs in the TV page: every text the connection badge showed, recorded from now on. */
const recordConnection = () => {
  const doc = (globalThis as { document?: any }).document;
  const badge = doc.getElementById('connection');
  const seen: string[] = [badge.textContent];
  (globalThis as any).connectionTexts = seen;
  new (globalThis as any).MutationObserver(() => seen.push(badge.textContent)).observe(badge, {
    childList: true,
    characterData: true,
    subtree: true,
  });
};
const connectionTexts = () => (globalThis as any).connectionTexts as string[];

t.test(
  'two kitchen stations and the TV: only their items, done on both, ready on the TV, recall, a server restart',
  async (t) => {
    const browser = await launchBrowser(t);
    if (!browser) {
      t.comment('SKIPPED: no chromium on this machine (apt-get install chromium); in CI this is a failure');
      return;
    }
    mkdirSync(SHOTS, { recursive: true });
    const evening = t; // the restarted server lives as long as the whole test, not one step
    const dataDir = tempDir(t);
    // No printers to drive here: the screens replace the paper.
    let server = await startRealServer(t, dataDir, ['--printing', 'off']);
    const port = server.port;
    const menu = await seedServerMenu(dataDir);
    const api = adminApi(dataDir, () => server.url);
    await api('POST', '/v1/users', { username: 'luca', password: 'griglia-2026', role: 'operator' });
    const food = async (name: string, price: number) =>
      (await api('POST', '/v1/foods', { name, price, categoryId: menu.categories.pizzas, available: true }))[
        'id'
      ] as string;
    const salsiccia = await food('Salsiccia e polenta', 9);
    const costine = await food('Costine', 11);
    type Line = [foodId: string, quantity: number, notes?: string];
    const order = async (customer: string, table: string, lines: Line[]) =>
      api('POST', '/v1/orders', {
        table,
        customer,
        orderItems: lines.map(([foodId, quantity, notes]) => ({ foodId, quantity, ...(notes ? { notes } : {}) })),
        confirm: { paymentMethod: 'CASH' },
      });
    const status = async (id: number) => ((await api('GET', `/v1/orders/${id}`))['status'] as string).toLowerCase();

    // The grill's tablet opens the address `pos kitchen-url` prints; the bar's volunteer logs in and picks "Bar".
    const urls = await runPosInProcess([
      'kitchen-url',
      '--station',
      'Kitchen',
      '--create-key',
      'Grill tablet',
      '--json',
      '--data-dir',
      dataDir,
    ]);
    t.equal(urls.code, 0, `pos kitchen-url: ${urls.stderr}`);
    const grillUrl = (JSON.parse(urls.stdout) as { urls: string[] }).urls[0] as string;
    const displayKey = (await api('POST', '/v1/api-keys', { name: 'TV', scope: 'display' }))['key'] as string;
    await api('POST', '/v1/banners', {
      name: 'Sagra',
      type: 'EVENT',
      title: 'Sagra della Salsiccia',
      description: 'Stasera musica dal vivo alle 21',
      website: 'https://sagra.example',
      social1: '@sagra',
      social2: '',
      color: 'f39c12',
      dateTime: '2026-11-22T19:00:00Z',
      active: true,
    });

    const device = async (width: number, height: number): Promise<{ context: BrowserContext; page: Page }> => {
      const context = await browser.newContext({ viewport: { width, height } });
      t.teardown(() => context.close());
      return { context, page: await context.newPage() };
    };
    const { page: grill } = await device(1280, 800);
    const { page: bar } = await device(1280, 800);
    const { page: tv } = await device(1920, 1080);
    /** Into the test output; with UPDATE_SCREENSHOTS=1 also into docs/images for docs/kitchen.md and display.md. */
    const shot = async (page: Page, name: string, forDocs = true) => {
      await page.screenshot({ path: join(SHOTS, `${name}.png`) });
      if (forDocs && process.env['UPDATE_SCREENSHOTS'] === '1') {
        mkdirSync(DOC_IMAGES, { recursive: true });
        await page.screenshot({ path: join(DOC_IMAGES, `${name}.png`) });
      }
    };
    const card = (page: Page, placed: Record<string, any>) =>
      page.getByRole('article', { name: `Order #${placed['ticketNumber']} ${placed['displayCode']}` });
    const itemsOf = async (page: Page, placed: Record<string, any>) =>
      (await card(page, placed).getByRole('listitem').allTextContents()).sort();
    const live = (page: Page) =>
      page
        .getByRole('status')
        .filter({ hasText: /^Live$/ })
        .waitFor({ timeout: 30_000 });

    await t.test('the screens open: a kitchen key by address, a login and a station choice', async (t) => {
      // Served by pos serve like the till and the TV: nothing from outside, a policy that keeps it so.
      const html = await fetch(`${server.url}/kitchen`);
      t.equal(html.status, 200);
      t.match(html.headers.get('content-security-policy'), /default-src 'self'; script-src 'self'/);
      t.same(
        (await html.text()).match(/(?:src|href)\s*=\s*["']?(?:https?:)?\/\/[^"'\s>]+/gi) ?? [],
        [],
        'no external script, style or font',
      );
      await openUntouched(grill, `${grillUrl}&lang=en`, /\/v1\/stations\/[^/]+\/orders/);
      await grill.getByRole('heading', { name: 'Kitchen' }).waitFor();
      await live(grill);
      await bar.goto(`${server.url}/kitchen?lang=en`);
      await bar.getByLabel('Username').fill('luca');
      await bar.getByLabel('Password').fill('griglia-2026');
      await bar.getByRole('button', { name: 'Log in' }).click();
      await bar.getByRole('button', { name: 'Bar' }).waitFor();
      t.ok(
        await bar.getByRole('button', { name: 'Kitchen' }).isVisible(),
        'the printers kitchen tickets go to are stations',
      );
      t.equal(
        await bar.getByRole('button', { name: 'Till' }).count(),
        0,
        'the receipt-only printer is not offered as a station',
      );
      await bar.getByRole('button', { name: 'Bar' }).click();
      await bar.getByRole('heading', { name: 'Bar' }).waitFor();
      await live(bar);
      await openUntouched(tv, `${server.url}/display?key=${encodeURIComponent(displayKey)}`, /\/v1\/display\/state/);
      await tv.waitForSelector('#connection.live', { timeout: 15_000 });
      await grill.getByText('Nothing waiting', { exact: false }).waitFor();
      // Browsers play sound only after a tap: the grill's tablet (opened by address, not touched yet) says so, and a
      // tap turns it on; the bar's volunteer has tapped already (the login).
      await grill.getByRole('button', { name: 'Tap for sound' }).click();
      await grill.getByRole('button', { name: 'Tap for sound' }).waitFor({ state: 'detached' });
      t.equal(await bar.getByRole('button', { name: 'Tap for sound' }).count(), 0, 'the login was the tap');
      t.ok(await tv.isVisible('#sound'), 'the TV asks for a tap too');
      await tv.click('main');
      await tv.waitForSelector('#sound', { state: 'hidden' });
      t.pass('three screens live, sound on');
    });

    let first: Record<string, any> = {};
    await t.test(
      'an order confirmed appears on both stations with only their items, and the chime rings',
      async (t) => {
        first = await order('Rossi', '12', [
          [menu.foods.margherita, 2, 'senza glutine'],
          [menu.foods.beer, 3],
          [menu.foods.tiramisu, 1],
        ]);
        await card(grill, first).waitFor({ timeout: 30_000 });
        await card(bar, first).waitFor({ timeout: 30_000 });
        t.same(
          await itemsOf(grill, first),
          ['1×Tiramisù', '2×Margheritasenza glutine'],
          'the kitchen: its pizzas and dessert, the note',
        );
        t.same(await itemsOf(bar, first), ['3×Birra'], 'the bar: the beers only');
        t.match(await card(grill, first).textContent(), /Table 12 · Rossi/);
        for (const page of [grill, bar]) await page.waitForFunction(chimes, undefined, { timeout: 30_000 });
        t.equal(await grill.evaluate(chimes), 1, 'the grill heard one chime');
        t.equal(await bar.evaluate(chimes), 1, 'and the bar');
        const allDay = grill.getByRole('region', { name: 'All day' });
        t.match(await allDay.textContent(), /Margherita 2.*Tiramisù 1/);
        await tv.waitForSelector(`#preparing li[data-id="${first['id']}"]`, { timeout: 30_000 });
      },
    );

    await t.test('a beer refunded before it is poured: the bar counts it down at once', async (t) => {
      const detail = await api('GET', `/v1/orders/${first['id']}`);
      const beer = detail['categorizedItems']
        .flatMap((group: { items: Array<{ id: string; food: { name: string } }> }) => group.items)
        .find((item: { food: { name: string } }) => item.food.name === 'Birra');
      await api('POST', `/v1/orders/${first['id']}/refunds`, { items: [{ id: beer.id, quantity: 1 }], reason: 'x' });
      await waitFor('the bar card with two beers', async () => (await itemsOf(bar, first)).join() === '2×Birra', {
        timeoutMs: 10_000,
        intervalMs: 100,
      });
      t.match(await bar.getByRole('region', { name: 'All day' }).textContent(), /Birra 2/, 'the all-day count too');
      t.same(await itemsOf(grill, first), ['1×Tiramisù', '2×Margheritasenza glutine'], 'the kitchen is untouched');
    });

    await t.test(
      'strike an item (kept on the tablet), one station done, then the other: ready on the TV',
      async (t) => {
        const margherita = card(grill, first).getByRole('button', { name: /Margherita/ });
        t.equal(
          await card(grill, first).getByRole('button', { name: '2× Margherita: senza glutine', exact: true }).count(),
          1,
          'an item is named in words, its note too',
        );
        await margherita.click();
        t.equal(await margherita.getAttribute('aria-pressed'), 'true', 'struck through');
        t.notMatch(
          await grill.getByRole('region', { name: 'All day' }).textContent(),
          /Margherita/,
          'what is struck is not counted as still to cook',
        );
        await grill.reload();
        await live(grill);
        t.equal(
          await card(grill, first)
            .getByRole('button', { name: /Margherita/ })
            .getAttribute('aria-pressed'),
          'true',
          'still struck after a reload',
        );

        await card(grill, first).getByRole('button', { name: 'Done' }).click();
        await card(grill, first).waitFor({ state: 'detached', timeout: 30_000 });
        t.equal(await status(first['id']), 'confirmed', 'the bar is not done yet: still in preparation');
        t.ok(await tv.$(`#preparing li[data-id="${first['id']}"]`), 'the TV still shows it in preparation');

        const chimesBefore = await tv.evaluate(chimes);
        const tapped = Date.now();
        await card(bar, first).getByRole('button', { name: 'Done' }).click();
        await tv.waitForSelector(`#ready li.newest[data-id="${first['id']}"]`, { timeout: 30_000 });
        t.comment(`ready on the TV ${Date.now() - tapped} ms after the last tap`);
        await card(bar, first).waitFor({ state: 'detached', timeout: 30_000 });
        t.equal(await status(first['id']), 'completed');
        await tv.waitForFunction(
          (before) => Number((globalThis as any).document.documentElement.dataset.chimes ?? 0) > before,
          chimesBefore,
          { timeout: 30_000 },
        );
        t.pass('the TV called the number with a chime');
      },
    );

    await t.test('recall brings back the last done order, on the station and on the TV', async (t) => {
      const recall = grill.getByRole('button', {
        name: new RegExp(`^Recall #${first['ticketNumber']} ${first['displayCode']}`),
      });
      await recall.click();
      await card(grill, first).waitFor({ timeout: 30_000 });
      await tv.waitForSelector(`#preparing li[data-id="${first['id']}"]`, { timeout: 30_000 });
      t.equal(await status(first['id']), 'confirmed', 'in preparation again');
      t.ok(
        await bar.getByRole('button', { name: new RegExp(`^Recall #${first['ticketNumber']}`) }).isEnabled(),
        "the bar's part stays done",
      );
      await card(grill, first).getByRole('button', { name: 'Done' }).click();
      await tv.waitForSelector(`#ready li[data-id="${first['id']}"]`, { timeout: 30_000 });
      t.pass('done again: ready again');
    });

    const rush: Array<Record<string, any>> = [];
    await t.test('a busy evening: late orders turn amber and red; screenshots', async (t) => {
      rush.push(
        await order('Bianchi', '3', [
          [salsiccia, 4],
          [costine, 2],
          [menu.foods.beer, 4],
        ]),
      );
      rush.push(
        await order('Ferrari', '7', [
          [salsiccia, 6, 'una senza cipolla'],
          [menu.foods.diavola, 1],
        ]),
      );
      rush.push(
        await order('Esposito', '—', [
          [costine, 3],
          [menu.foods.tiramisu, 2],
          [menu.foods.beer, 2],
        ]),
      );
      rush.push(
        await order('Romano', '15', [
          [salsiccia, 4],
          [menu.foods.margherita, 1],
        ]),
      );
      rush.push(await order('Colombo', '2', [[menu.foods.beer, 6]]));
      // Two orders waited long: backdated in the database, as if confirmed 25 and 12 minutes ago.
      const db = openStorage(join(dataDir, 'pos.db'));
      await db.db
        .updateTable('orders')
        .set({ confirmed_at: Date.now() - 25 * 60_000 })
        .where('id', '=', rush[0]!['id'])
        .execute();
      await db.db
        .updateTable('orders')
        .set({ confirmed_at: Date.now() - 12 * 60_000 })
        .where('id', '=', rush[1]!['id'])
        .execute();
      await db.close();
      await grill.reload();
      await live(grill);
      await card(grill, rush[3]!).waitFor();
      t.match(await card(grill, rush[0]!).getAttribute('class'), /\bred\b/, '25 minutes: red');
      t.match(await card(grill, rush[1]!).getAttribute('class'), /\bamber\b/, '12 minutes: amber');
      t.notMatch(await card(grill, rush[3]!).getAttribute('class'), /amber|red/, 'a new one: neither');
      t.match(
        await grill.getByRole('region', { name: 'All day' }).textContent(),
        /Salsiccia e polenta 14.*Costine 5/,
        'the grill: 4 + 6 + 4 sausages, 2 + 3 ribs',
      );
      t.notOk(await card(grill, rush[2]!).getByText(/Table/).count(), 'no "Table —" when the till did not ask for one');
      await card(grill, rush[1]!)
        .getByRole('button', { name: /Diavola/ })
        .click();
      await card(bar, rush[4]!).waitFor({ timeout: 30_000 });
      await tv.waitForSelector(`#preparing li[data-id="${rush[4]!['id']}"]`, { timeout: 30_000 });
      await tv.waitForSelector('footer .title', { timeout: 15_000 });
      await tv.waitForTimeout(4000); // the newest-ready pulse and the banner's fade end: a still picture
      await shot(grill, 'kitchen-1280');
      await shot(tv, 'display-1920');
      await grill.setViewportSize({ width: 1920, height: 1080 });
      await shot(grill, 'kitchen-1920');
      await grill.setViewportSize({ width: 1280, height: 800 });
      await tv.setViewportSize({ width: 1280, height: 800 });
      await tv.waitForTimeout(700); // the page lays its tiles out again on resize
      await shot(tv, 'display-1280', false);
      await tv.setViewportSize({ width: 1920, height: 1080 });
      t.pass('screenshots in .tap/screenshots');
    });

    await t.test('the server restarts while the screens are open: nothing is lost', async (t) => {
      await tv.evaluate(recordConnection);
      const before = await grill.getByRole('article').count();
      t.equal(await server.stop('SIGTERM'), 0);
      await grill.getByRole('status').filter({ hasText: 'Reconnecting…' }).waitFor({ timeout: 15_000 });
      await bar.getByRole('status').filter({ hasText: 'Reconnecting…' }).waitFor({ timeout: 15_000 });
      await tv.waitForSelector('#connection.offline', { timeout: 15_000 });
      // A tap while the server is away is not lost silently: the cook is told, the card stays.
      await card(grill, rush[3]!).getByRole('button', { name: 'Done' }).click();
      await grill.getByRole('alert').filter({ hasText: 'Not sent' }).waitFor();
      t.equal(await grill.getByRole('article').count(), before, 'every card still there');

      server = await startRealServer(evening, dataDir, ['--printing', 'off', '--port', String(port)]);
      // Changes the screens have not heard of yet: a new order, and the bar's part of one done elsewhere.
      const late = await order('Greco', '9', [
        [salsiccia, 2],
        [menu.foods.beer, 2],
      ]);
      await api('PATCH', `/v1/orders/${rush[4]!['id']}/stations/${menu.printers.bar}`, { status: 'DONE' });
      await live(grill);
      await live(bar);
      await card(grill, late).waitFor({ timeout: 20_000 });
      await card(bar, late).waitFor({ timeout: 20_000 });
      await card(bar, rush[4]!).waitFor({ state: 'detached', timeout: 20_000 });
      await tv.waitForSelector(`#preparing li[data-id="${late['id']}"]`, { timeout: 30_000 });
      await tv.waitForSelector(`#ready li[data-id="${rush[4]!['id']}"]`, { timeout: 30_000 });
      await tv.waitForSelector('#connection.live', { timeout: 30_000 });
      t.equal(await grill.getByRole('article').count(), before + 1, 'the cards of before and the new one');
      t.equal(
        await card(grill, rush[1]!)
          .getByRole('button', { name: /Diavola/ })
          .getAttribute('aria-pressed'),
        'true',
        'strikes kept',
      );

      await card(grill, rush[3]!).getByRole('button', { name: 'Done' }).click();
      await card(grill, rush[3]!).waitFor({ state: 'detached', timeout: 30_000 });
      await grill.getByRole('alert').waitFor({ state: 'detached' });
      t.pass('the same tap works once the server is back');

      const shown = await tv.evaluate(connectionTexts);
      t.ok(shown.includes('reconnecting…'), `the TV said reconnecting… (${[...new Set(shown)].join(', ')})`);
      t.notOk(
        shown.some((text) => /fail|fetch|error|\d{3}/i.test(text)),
        'and never a raw error',
      );
      t.notMatch(await grill.textContent('body'), /Failed to fetch|NetworkError|HTTP \d/, 'nor the kitchen screen');
    });

    await t.test('in Italian at a tap, remembered by the tablet', async (t) => {
      await bar.getByRole('button', { name: 'IT' }).click();
      await bar
        .getByRole('status')
        .filter({ hasText: /^In linea$/ })
        .waitFor();
      t.ok(await bar.getByRole('button', { name: 'Fatto' }).first().isVisible(), 'Done is "Fatto"');
      t.ok(await bar.getByRole('region', { name: 'Da preparare' }).isVisible(), 'the all-day counts');
      await bar.goto(`${server.url}/kitchen`); // the address without ?lang=: the tablet's choice
      await bar.getByRole('button', { name: 'Cambia postazione' }).waitFor();
      await bar.getByRole('button', { name: 'EN' }).click();
      await bar.getByRole('button', { name: 'Change station' }).waitFor();
      t.pass('and back to English');
    });

    await t.test('a rush on the TV: every number readable, the rest counted', async (t) => {
      const more: Array<Record<string, any>> = [];
      for (let i = 0; i < 36; i++) more.push(await order(`Cliente ${i}`, String(i + 1), [[menu.foods.beer, 1]]));
      for (const placed of more.slice(0, 14)) await api('PATCH', `/v1/orders/${placed['id']}`, { status: 'COMPLETED' });
      await tv.waitForSelector(`#ready li[data-id="${more[13]!['id']}"]`, { timeout: 30_000 });
      await tv.waitForSelector(`#preparing li[data-id="${more[35]!['id']}"]`, { state: 'attached', timeout: 30_000 });
      const sizes = await tv.$$eval('#ready li:not(.more) .number, #preparing li:not(.more) .code', (nodes) =>
        nodes
          .filter((node) => (node.parentElement as any).style.display !== 'none')
          .map((node) => parseFloat((globalThis as any).getComputedStyle(node).fontSize)),
      );
      // At 1080 px on a 43" TV a pixel is 0.5 mm: no visible number or code under 5% of the height (2.7 cm type).
      t.ok(
        sizes.length > 10 && Math.min(...sizes) >= 1080 * 0.05,
        `smallest visible number or code: ${Math.min(...sizes).toFixed(0)} px`,
      );
      const hidden = Number(/^\+(\d+) more$/.exec((await tv.textContent('#preparing li.more')) ?? '')?.[1]);
      t.ok(hidden > 0, `the kitchen column counts ${hidden} more`);
      // The bar's screen shows a handful of its cards: it says how many wait, and how many are out of sight.
      await card(bar, more[35]!).waitFor({ state: 'attached', timeout: 20_000 });
      const cards = await bar.getByRole('article').count();
      t.ok(cards > 20, `${cards} cards at the bar`);
      const said = await waitFor(
        'the count of waiting orders',
        async () => {
          const text = (await bar.locator('.waiting-count').textContent()) ?? '';
          return text.startsWith(`${cards} orders waiting`) ? text : null;
        },
        { timeoutMs: 10_000, intervalMs: 100 },
      );
      const inSight = await bar.evaluate(() => {
        const doc = (globalThis as any).document;
        const list = doc.querySelector('main.tickets').getBoundingClientRect();
        return [...doc.querySelectorAll('main.tickets > .ticket')].filter((card: any) => {
          const box = card.getBoundingClientRect();
          return box.top >= list.top - 1 && box.bottom <= list.bottom + 1;
        }).length;
      });
      t.equal(
        said,
        `${cards} orders waiting · ${cards - inSight} more below: scroll down`,
        `${inSight} in sight, the rest counted`,
      );
      await tv.waitForTimeout(4000); // the newest-ready pulse ends: a still picture
      await shot(tv, 'display-1920-rush');
    });
    await t.test('log out on a shared kitchen tablet: the server forgets the token too', async (t) => {
      const token = await bar.evaluate(
        () => JSON.parse((globalThis as any).localStorage.getItem('pos.kitchen.session')).token,
      );
      const me = () => fetch(`${server.url}/v1/auth/me`, { headers: { authorization: `Bearer ${token}` } });
      t.equal((await me()).status, 200);
      await bar.getByRole('button', { name: 'Log out' }).click();
      await bar.getByRole('heading', { name: 'Log in to the kitchen screen' }).waitFor();
      await waitFor('the token is refused', async () => (await me()).status === 401);
    });
    await t.test(
      'a venue that speaks Italian (pos serve --locale it): a new kitchen tablet opens in Italian, until ?lang=en',
      async (t) => {
        const italian = await startRealServer(t, tempDir(t), ['--printing', 'off', '--locale', 'it']);
        const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' }); // a tablet set up in English
        t.teardown(() => context.close());
        const tablet = await context.newPage();
        await tablet.goto(`${italian.url}/kitchen`);
        await tablet.getByRole('heading', { name: 'Accedi allo schermo della cucina' }).waitFor({ timeout: 15_000 });
        t.equal(
          await tablet.evaluate(() => (globalThis as any).document.documentElement.lang),
          'it',
          "the venue's language, not the tablet's",
        );
        t.equal(await tablet.title(), 'pos · Cucina', "the browser's tab in Italian too");
        await tablet.goto(`${italian.url}/kitchen?lang=en`);
        await tablet.getByRole('heading', { name: 'Log in to the kitchen screen' }).waitFor({ timeout: 15_000 });
        t.pass('?lang=en switches it back');
      },
    );
  },
);
