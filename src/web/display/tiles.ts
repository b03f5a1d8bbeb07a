// How the TV lays out a column of orders: as few tiles as there are orders, each as large as the column allows,
// so three orders fill the screen and forty still fit. Pure (sizes in CSS pixels in, sizes out), unit tested in
// test/web/display-tiles.test.ts.

export interface TileArea {
  /** The column's inner size. */
  width: number;
  height: number;
  gap: number;
  /** The smallest number size the column may use (readable from the back of the tent); below it, "+N more". */
  minFont: number;
  /** The largest, so one lone order is not a wall-sized digit. */
  maxFont: number;
}

export interface TileLayout {
  cols: number;
  rows: number;
  tileWidth: number;
  tileHeight: number;
  /** Font size of the ticket number; the display code is a fixed share of it (CSS). */
  font: number;
  /** How many orders get a tile; when fewer than all, one more place says "+N more". */
  visible: number;
  more: number;
}

// A tile holds the number (one line) over the code (a smaller line) with some padding: about 2 number-heights
// tall and, for three characters, about 2 number-widths wide.
const HEIGHT_PER_FONT = 2;
const WIDTH_PER_FONT = 2.1;

const fontFor = (width: number, height: number) => Math.min(height / HEIGHT_PER_FONT, width / WIDTH_PER_FONT);

function cells(area: TileArea, cols: number, rows: number) {
  const tileWidth = (area.width - (cols - 1) * area.gap) / cols;
  const tileHeight = (area.height - (rows - 1) * area.gap) / rows;
  return { tileWidth, tileHeight, font: fontFor(tileWidth, tileHeight) };
}

export function layoutTiles(count: number, area: TileArea): TileLayout {
  if (count <= 0 || area.width <= 0 || area.height <= 0)
    return { cols: 1, rows: 1, tileWidth: 0, tileHeight: 0, font: 0, visible: 0, more: 0 };
  // The grid (columns × rows) that gives every order the largest tile.
  let best = { cols: 1, rows: count, ...cells(area, 1, count) };
  for (let cols = 2; cols <= count; cols++) {
    const rows = Math.ceil(count / cols);
    const candidate = { cols, rows, ...cells(area, cols, rows) };
    if (candidate.font > best.font) best = candidate;
  }
  if (best.font >= area.minFont) return { ...best, font: Math.min(best.font, area.maxFont), visible: count, more: 0 };
  // Too many to show at a readable size: the most tiles of at least the smallest size, the last one "+N more".
  const cols = Math.max(1, Math.floor((area.width + area.gap) / (area.minFont * WIDTH_PER_FONT + area.gap)));
  const rows = Math.max(1, Math.floor((area.height + area.gap) / (area.minFont * HEIGHT_PER_FONT + area.gap)));
  const places = cols * rows;
  const visible = Math.max(0, places - 1);
  return { cols, rows, ...cells(area, cols, rows), visible, more: count - visible };
}
