import t from 'tap';
import { layoutTiles, type TileArea } from '../../src/web/display/tiles.js';

// The "Ready" column of a 1920×1080 TV, about 1100 × 780 px, numbers at least 130 px (12vh).
const ready: TileArea = { width: 1100, height: 780, gap: 16, minFont: 130, maxFont: 400 };

t.test('few orders: tiles grow to fill the column', async (t) => {
  const one = layoutTiles(1, ready);
  t.match(one, { cols: 1, rows: 1, visible: 1, more: 0 });
  t.equal(one.tileHeight, 780, 'one order takes the whole column');
  t.ok(one.font > 300, `one number is huge (${one.font.toFixed(0)} px)`);
  const three = layoutTiles(3, ready);
  t.equal(three.visible, 3);
  t.ok(three.font >= 180, `three numbers are still big (${three.font.toFixed(0)} px)`);
  t.ok(layoutTiles(8, ready).font < three.font, 'more orders, smaller tiles');
});

t.test('every tile fits the column, and the font never goes below the readable size', async (t) => {
  for (let count = 1; count <= 60; count++) {
    const layout = layoutTiles(count, ready);
    t.ok(layout.cols * layout.tileWidth + (layout.cols - 1) * ready.gap <= ready.width + 0.001, `${count}: width`);
    t.ok(layout.rows * layout.tileHeight + (layout.rows - 1) * ready.gap <= ready.height + 0.001, `${count}: height`);
    t.ok(layout.font >= ready.minFont && layout.font <= ready.maxFont, `${count}: font ${layout.font.toFixed(0)}`);
    t.ok(layout.visible + (layout.more > 0 ? 1 : 0) <= layout.cols * layout.rows, `${count}: places`);
    t.equal(layout.visible + layout.more, count, `${count}: every order shown or counted`);
  }
});

t.test('a rush: the rest is counted in the last place', async (t) => {
  const rush = layoutTiles(40, ready);
  t.ok(rush.more > 0);
  t.equal(rush.visible, rush.cols * rush.rows - 1, 'every place but the last holds an order');
  t.same(layoutTiles(0, ready).visible, 0);
});
