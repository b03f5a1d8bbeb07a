import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { PACKAGE_ROOT } from '../../src/version.js';
import { tempDir } from '../helpers/app.js';
import { launchBrowser } from '../helpers/browser.js';
import { startRealServer } from '../helpers/server.js';
import { adminApi, seedServerMenu } from '../helpers/venue.js';
import { waitFor } from '../helpers/wait.js';

// The TV's layout as customers see it, from a phone to a 1920×1080 TV: headings clear of the tiles, an empty column
// giving its room to the other, the oldest ready numbers never the ones hidden, a recalled order back in its place.

const SHOTS = join(PACKAGE_ROOT, '.tap', 'screenshots');
const DOC_IMAGES = join(PACKAGE_ROOT, 'docs', 'images');
const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: '800', width: 800, height: 600 },
  { name: 'tablet', width: 1280, height: 800 },
  { name: 'tv', width: 1920, height: 1080 },
];

/** Runs in the page (no inner named functions: the bundler would name them): boxes of headings and visible tiles. */
const boxes = () => {
  const doc = (globalThis as any).document;
  return {
    main: JSON.parse(JSON.stringify(doc.querySelector('main').getBoundingClientRect())),
    headings: [...doc.querySelectorAll('h2')]
      .filter((h: any) => h.getClientRects().length > 0)
      .map((h: any) => ({
        text: h.textContent,
        box: JSON.parse(JSON.stringify(h.getBoundingClientRect())),
        section: JSON.parse(JSON.stringify(h.parentElement.getBoundingClientRect())),
        overflows: h.scrollWidth > h.clientWidth + 1,
      })),
    tiles: [...doc.querySelectorAll('main li')]
      .filter((li: any) => li.style.display !== 'none' && li.getClientRects().length > 0)
      .map((li: any) => ({
        id: li.dataset.id,
        column: li.parentElement.id,
        box: JSON.parse(JSON.stringify(li.getBoundingClientRect())),
        font: parseFloat((globalThis as any).getComputedStyle(li.querySelector('.number') ?? li).fontSize),
      })),
    sections: [...doc.querySelectorAll('main section')].map((s: any) => ({
      id: s.querySelector('ol').id,
      box: JSON.parse(JSON.stringify(s.getBoundingClientRect())),
      shown: s.getClientRects().length > 0,
    })),
  };
};
type Boxes = ReturnType<typeof boxes>;
type Box = { left: number; top: number; right: number; bottom: number; width: number; height: number };
const overlap = (a: Box, b: Box) =>
  a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;

t.test('the TV from a phone to 1920×1080: readable, nothing overlapping, nobody forgotten', async (t) => {
  const browser = await launchBrowser(t);
  if (!browser) {
    t.comment('SKIPPED: no chromium on this machine (apt-get install chromium); in CI this is a failure');
    return;
  }
  mkdirSync(SHOTS, { recursive: true });
  const dataDir = tempDir(t);
  const server = await startRealServer(t, dataDir, ['--printing', 'off', '--locale', 'it']);
  const menu = await seedServerMenu(dataDir);
  const api = adminApi(dataDir, () => server.url);
  const key = (await api('POST', '/v1/api-keys', { name: 'TV', scope: 'display' }))['key'] as string;
  const confirm = async () =>
    api('POST', '/v1/orders', {
      table: '1',
      customer: 'x',
      orderItems: [{ foodId: menu.foods.margherita, quantity: 1 }],
      confirm: { paymentMethod: 'CASH' },
    });
  const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
  const shot = async (name: string, forDocs = false) => {
    await page.screenshot({ path: join(SHOTS, `${name}.png`) });
    if (forDocs && process.env['UPDATE_SCREENSHOTS'] === '1') {
      mkdirSync(DOC_IMAGES, { recursive: true });
      await page.screenshot({ path: join(DOC_IMAGES, `${name}.png`) });
    }
  };
  // The page fits its tiles to the screen after a resize or an update (it may take a frame or two): a layout is
  // judged once it passes the check and is the same in two looks in a row, never mid-way.
  const settled = async (what: string, check: (b: Boxes) => boolean) => {
    let previous = '';
    return waitFor(
      what,
      async () => {
        const b = await page.evaluate(boxes);
        const seen = JSON.stringify(b);
        const steady = seen === previous;
        previous = seen;
        return check(b) && steady ? b : null;
      },
      { timeoutMs: 10_000, intervalMs: 100 },
    );
  };

  // Only ready orders: 39 of them, the first one ready the longest.
  const ready: Array<Record<string, any>> = [];
  for (let i = 0; i < 39; i++) ready.push(await confirm());
  for (const order of ready) await api('PATCH', `/v1/orders/${order['id']}`, { status: 'COMPLETED' });
  await page.goto(`${server.url}/display?key=${encodeURIComponent(key)}&sound=off`);
  await page.waitForSelector('#connection.live', { timeout: 15_000 });

  await t.test('an empty column gives its room to the other', async (t) => {
    const b = await settled('39 ready tiles', (b) => b.tiles.filter((tile) => tile.column === 'ready').length > 5);
    const readyColumn = b.sections.find((s) => s.id === 'ready')!;
    t.ok(
      readyColumn.box.width >= b.main.width * 0.95,
      `"Pronti" takes the width (${Math.round(readyColumn.box.width)} of ${Math.round(b.main.width)} px)`,
    );
    t.notOk(b.sections.find((s) => s.id === 'preparing')!.shown, 'the empty "In preparazione" is not drawn');
  });

  await t.test('a full "Pronti" hides neither the oldest nor the one just called; its numbers stay big', async (t) => {
    const b = await settled('the ready tiles', (b) => b.tiles.some((tile) => tile.column === 'ready'));
    const shown = b.tiles.filter((tile) => tile.column === 'ready' && tile.id).map((tile) => Number(tile.id));
    t.ok(
      shown.includes(ready[0]!['id']) && shown.includes(ready[1]!['id']),
      'the two who waited longest are on screen',
    );
    t.ok(shown.includes(ready[38]!['id']), 'and the newest');
    const more = await page.textContent('#ready li.more');
    t.match(more, /^\+\d+ altri$/, `the rest are counted (${more})`);
    // 1080 px high on a 43" TV: 0.5 mm a pixel; digits are about 0.72 of the type size. 4 cm digits: 112 px type.
    const smallest = Math.min(...b.tiles.filter((tile) => tile.column === 'ready' && tile.id).map((tile) => tile.font));
    t.ok(smallest >= 112, `ready numbers at least 112 px type (${smallest} px): digits of 4 cm on a 43" TV`);
    await shot('display-1920-ready-only');
  });

  await t.test('a recalled order keeps its place by confirmation time', async (t) => {
    const preparing: Array<Record<string, any>> = [];
    for (let i = 0; i < 3; i++) preparing.push(await confirm());
    const recalled = ready[20]!; // confirmed before every order now in preparation
    await api('PATCH', `/v1/orders/${recalled['id']}`, { status: 'CONFIRMED' });
    await page.waitForSelector(`#preparing li[data-id="${recalled['id']}"]`, { timeout: 30_000 });
    const order = await page.$$eval('#preparing li[data-id]', (items) =>
      items.map((item) => Number((item as any).dataset.id)),
    );
    t.same(order, [recalled['id'], ...preparing.map((o) => o['id'])], 'first in line, as it was confirmed first');
    const visible = await page.$eval(
      `#preparing li[data-id="${recalled['id']}"]`,
      (item) => (item as any).style.display !== 'none',
    );
    t.ok(visible, 'and on screen');
  });

  await t.test('the headings never run over the tiles, from a phone to the TV', async (t) => {
    for (const size of SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      const b = await settled(
        `the layout at ${size.name}`,
        (b) => b.tiles.length > 3 && b.tiles.every((tile) => tile.box.right <= size.width + 1),
      );
      for (const heading of b.headings) {
        t.notOk(heading.overflows, `${size.name}: "${heading.text}" fits its width`);
        t.ok(heading.box.right <= heading.section.right + 1, `${size.name}: "${heading.text}" stays in its column`);
        const hit = b.tiles.find((tile) => overlap(tile.box, heading.box));
        t.notOk(
          hit,
          `${size.name}: "${heading.text}" is clear of the tiles${hit ? ` (tile ${hit.id ?? 'more'})` : ''}`,
        );
      }
      const readyShown = b.tiles.filter((tile) => tile.column === 'ready' && tile.id).map((tile) => Number(tile.id));
      t.ok(
        readyShown.includes(ready[0]!['id']),
        `${size.name}: the one who waited longest is on screen (${readyShown.join(' ')})`,
      );
      t.ok(readyShown.length >= 2, `${size.name}: and not alone (${readyShown.length} ready tiles)`);
      await shot(`display-${size.name}`, true);
    }
  });
});
