import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { openStorage } from '../../src/storage/database.js';
import { PACKAGE_ROOT } from '../../src/version.js';
import { tempDir } from '../helpers/app.js';
import { launchBrowser } from '../helpers/browser.js';
import { startRealServer } from '../helpers/server.js';
import { adminApi, seedServerMenu } from '../helpers/venue.js';
import { waitFor } from '../helpers/wait.js';

// The TV's "still to collect" strip in Chromium, from a phone to a 1920×1080 TV: ready orders not collected after
// the venue's minutes leave the big tiles for the strip, whose numbers stay readable from afar (4.4% of the
// screen's height: 2 cm on a 43" TV), clear of everything else, the oldest never the ones hidden.

const SHOTS = join(PACKAGE_ROOT, '.tap', 'screenshots');
const DOC_IMAGES = join(PACKAGE_ROOT, 'docs', 'images');
const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'tablet', width: 1280, height: 800 },
  { name: 'tv', width: 1920, height: 1080 },
];

/** Runs in the page (no inner named functions: the bundler would name them): what is drawn where. */
const boxes = () => {
  const doc = (globalThis as any).document;
  const strip = doc.querySelector('#collect');
  const footer = doc.querySelector('footer');
  return {
    strip: strip ? JSON.parse(JSON.stringify(strip.getBoundingClientRect())) : null,
    headings: [...doc.querySelectorAll('h2')]
      .filter((h: any) => h.getClientRects().length > 0)
      .map((h: any) => ({ text: h.textContent, box: JSON.parse(JSON.stringify(h.getBoundingClientRect())) })),
    tiles: [...doc.querySelectorAll('main li')]
      .filter((li: any) => li.style.display !== 'none' && li.getClientRects().length > 0)
      .map((li: any) => ({ id: li.dataset.id, box: JSON.parse(JSON.stringify(li.getBoundingClientRect())) })),
    entries: [...doc.querySelectorAll('#collect-list li')]
      .filter((li: any) => li.getClientRects().length > 0)
      .map((li: any) => ({
        id: li.dataset.id ? Number(li.dataset.id) : null,
        text: li.textContent,
        box: JSON.parse(JSON.stringify(li.getBoundingClientRect())),
        font: parseFloat((globalThis as any).getComputedStyle(li.querySelector('.number') ?? li).fontSize),
      })),
    footer: footer.getClientRects().length > 0 ? JSON.parse(JSON.stringify(footer.getBoundingClientRect())) : null,
  };
};
type Box = { left: number; top: number; right: number; bottom: number };
const overlap = (a: Box, b: Box) =>
  a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;

t.test('aged ready orders move to a readable strip that hides nobody who waited long', async (t) => {
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
  await api('PATCH', '/v1/venue', { pickupAfterMinutes: 10 });
  await api('POST', '/v1/banners', {
    name: 'Pro Loco',
    type: 'SPONSOR',
    title: 'Pro Loco di Borgo',
    description: 'Grazie a tutti i volontari!',
    website: '',
    social1: '',
    social2: '',
    color: '1f6feb',
    dateTime: '2026-11-21T19:00:00Z',
    active: true,
  });
  const confirm = async () =>
    api('POST', '/v1/orders', {
      table: '1',
      customer: 'x',
      orderItems: [{ foodId: menu.foods.margherita, quantity: 1 }],
      confirm: { paymentMethod: 'CASH' },
    });
  // Twelve orders ready for a while (the first for 40 minutes, then a minute less each), five just ready, three
  // in the kitchen.
  const aged: Array<Record<string, any>> = [];
  for (let i = 0; i < 12; i++) aged.push(await confirm());
  const fresh: Array<Record<string, any>> = [];
  for (let i = 0; i < 5; i++) fresh.push(await confirm());
  for (let i = 0; i < 3; i++) await confirm();
  for (const order of [...aged, ...fresh]) await api('PATCH', `/v1/orders/${order['id']}`, { status: 'COMPLETED' });
  const storage = openStorage(join(dataDir, 'pos.db'));
  for (const [i, order] of aged.entries()) {
    await storage.db
      .updateTable('orders')
      .set({ completed_at: Date.now() - (40 - i) * 60_000 })
      .where('id', '=', order['id'])
      .execute();
  }
  await storage.close();

  const page = await browser.newPage({ viewport: SIZES[2] });
  await page.goto(`${server.url}/display?key=${encodeURIComponent(key)}&sound=off`);
  await page.waitForSelector('#connection.live', { timeout: 15_000 });
  await page.waitForSelector('#collect-title', { timeout: 15_000 });
  t.equal(await page.textContent('#collect-title'), 'Da ritirare');

  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    let previous = '';
    const b = await waitFor(
      `the layout at ${size.name}`,
      async () => {
        const seen = await page.evaluate(boxes);
        const steady = JSON.stringify(seen) === previous;
        previous = JSON.stringify(seen);
        return steady && seen.entries.length > 0 && seen.tiles.length > 0 ? seen : null;
      },
      { timeoutMs: 10_000, intervalMs: 100 },
    );
    const strip = b.strip as Box;
    t.ok(strip.bottom <= size.height + 0.5 && strip.top >= 0, `${size.name}: the strip is on the screen`);
    const onStrip = b.entries.filter((entry) => entry.id !== null).map((entry) => entry.id as number);
    t.equal(onStrip[0], aged[0]!['id'], `${size.name}: the one who waited longest is first on the strip`);
    t.same(
      onStrip,
      aged.slice(0, onStrip.length).map((order) => order['id']),
      `${size.name}: oldest first, the hidden are the youngest of the strip`,
    );
    const more = b.entries.find((entry) => entry.id === null);
    t.equal(
      onStrip.length + (more ? Number(more.text.slice(1)) : 0),
      aged.length,
      `${size.name}: shown and counted make every aged order (${onStrip.length} + ${more?.text ?? 0})`,
    );
    const smallest = Math.min(...b.entries.map((entry) => entry.font));
    t.ok(smallest >= size.height * 0.044, `${size.name}: strip numbers at ${smallest} px, ≥ 4.4% of the height`);
    for (const entry of b.entries) {
      t.ok(entry.box.right <= size.width + 0.5, `${size.name}: ${entry.text} inside the screen`);
      const hit = [...b.tiles.map((tile) => tile.box), ...b.headings.map((h) => h.box), b.footer]
        .filter(Boolean)
        .find((other) => overlap(other as Box, entry.box));
      t.notOk(hit, `${size.name}: ${entry.text} clear of the tiles, headings and banner`);
    }
    for (const heading of b.headings) {
      const hit = b.tiles.find((tile) => overlap(tile.box, heading.box));
      t.notOk(hit, `${size.name}: "${heading.text}" clear of the tiles`);
    }
    const onTiles = b.tiles.map((tile) => Number(tile.id)).filter(Boolean);
    t.notOk(
      aged.some((order) => onTiles.includes(order['id'])),
      `${size.name}: no aged order keeps a big tile`,
    );
    t.ok(
      fresh.some((order) => onTiles.includes(order['id'])),
      `${size.name}: the orders just ready are on the big tiles`,
    );
    await page.screenshot({ path: join(SHOTS, `display-strip-${size.name}.png`) });
    if (process.env['UPDATE_SCREENSHOTS'] === '1')
      await page.screenshot({ path: join(DOC_IMAGES, `display-strip-${size.name}.png`) });
  }

  // The venue turns the strip off (0 minutes): every ready order is back on the big tiles, live.
  await api('PATCH', '/v1/venue', { pickupAfterMinutes: 0 });
  await page.waitForSelector('#collect', { state: 'detached', timeout: 30_000 });
  await page.waitForSelector(`#ready li[data-id="${aged[0]!['id']}"]`, { state: 'attached', timeout: 30_000 });
  t.pass('the strip follows the venue setting');
});
