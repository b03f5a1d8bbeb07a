// A QR code encoder of our own, for the cart code the menu page shows (a general library was a third of the page's
// bytes): ISO/IEC 18004 at error correction level M, any version 1 to 40, the alphanumeric mode when every
// character allows it (a cart code always does) and UTF-8 bytes otherwise, the mask with the lowest penalty.
// test/web/qr-code.test.ts checks that it draws, module for module, what the `qrcode` package draws for the same
// text in the same mode.

/** The modules of a symbol, row by row: 1 dark, 0 light. */
export interface QrMatrix {
  size: number;
  get(row: number, column: number): number;
}

const ALPHANUMERIC = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:';

// Level M, by version (index 0 unused): error correction codewords per block, and blocks.
const EC_PER_BLOCK = [
  0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28, 28, 28, 28, 28, 28, 28,
  28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
];
const BLOCKS = [
  0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33,
  35, 37, 38, 40, 43, 45, 47, 49,
];

/** Codewords of data and error correction a version holds (what is not finder, timing, alignment or format). */
function totalCodewords(version: number): number {
  let modules = (16 * version + 128) * version + 64;
  if (version >= 2) {
    const align = Math.floor(version / 7) + 2;
    modules -= (25 * align - 10) * align - 55;
    if (version >= 7) modules -= 36;
  }
  return Math.floor(modules / 8);
}

const dataCodewords = (version: number) =>
  totalCodewords(version) - (EC_PER_BLOCK[version] as number) * (BLOCKS[version] as number);

function alignmentCentres(version: number): number[] {
  if (version === 1) return [];
  const count = Math.floor(version / 7) + 2;
  const step = Math.floor((version * 8 + count * 3 + 5) / (count * 4 - 4)) * 2;
  const centres = [6];
  for (let at = version * 4 + 10; centres.length < count; at -= step) centres.splice(1, 0, at);
  return centres;
}

/** Multiplication in GF(256) with the QR code's polynomial. */
function times(x: number, y: number): number {
  let z = 0;
  for (let bit = 7; bit >= 0; bit--) {
    z = (z << 1) ^ ((z >>> 7) * 0x11d);
    z ^= ((y >>> bit) & 1) * x;
  }
  return z;
}

/** The Reed-Solomon error correction codewords of a block. */
function errorCorrection(data: readonly number[], degree: number): number[] {
  const divisor = new Array<number>(degree).fill(0);
  divisor[degree - 1] = 1;
  let root = 1;
  for (let i = 0; i < degree; i++) {
    for (let j = 0; j < degree; j++) {
      divisor[j] = times(divisor[j] as number, root) ^ (j + 1 < degree ? (divisor[j + 1] as number) : 0);
    }
    root = times(root, 2);
  }
  const rest = new Array<number>(degree).fill(0);
  for (const byte of data) {
    const factor = byte ^ (rest.shift() as number);
    rest.push(0);
    for (let i = 0; i < degree; i++) rest[i] = (rest[i] as number) ^ times(divisor[i] as number, factor);
  }
  return rest;
}

class Bits {
  readonly bits: number[] = [];
  put(value: number, length: number): void {
    for (let bit = length - 1; bit >= 0; bit--) this.bits.push((value >>> bit) & 1);
  }
}

/** Mode, count and data of the one segment, for a version. */
function segment(text: string, version: number): Bits {
  const bits = new Bits();
  if ([...text].every((char) => ALPHANUMERIC.includes(char))) {
    bits.put(0b0010, 4);
    bits.put(text.length, version < 10 ? 9 : version < 27 ? 11 : 13);
    for (let i = 0; i + 1 < text.length; i += 2) {
      bits.put(ALPHANUMERIC.indexOf(text[i] as string) * 45 + ALPHANUMERIC.indexOf(text[i + 1] as string), 11);
    }
    if (text.length % 2 === 1) bits.put(ALPHANUMERIC.indexOf(text.at(-1) as string), 6);
  } else {
    const bytes = new TextEncoder().encode(text);
    bits.put(0b0100, 4);
    bits.put(bytes.length, version < 10 ? 8 : 16);
    for (const byte of bytes) bits.put(byte, 8);
  }
  return bits;
}

/** The codewords in the order they are placed: data then error correction, interleaved across the blocks. */
function codewords(bits: Bits, version: number): number[] {
  const capacity = dataCodewords(version) * 8;
  if (bits.bits.length + 4 <= capacity) bits.put(0, 4);
  while (bits.bits.length % 8 !== 0) bits.put(0, 1);
  for (let pad = 0xec; bits.bits.length < capacity; pad ^= 0xec ^ 0x11) bits.put(pad, 8);
  const data: number[] = [];
  for (let i = 0; i < bits.bits.length; i += 8) {
    data.push(bits.bits.slice(i, i + 8).reduce((byte, bit) => (byte << 1) | bit, 0));
  }
  const blocks = BLOCKS[version] as number;
  const degree = EC_PER_BLOCK[version] as number;
  const long = totalCodewords(version) % blocks;
  const short = Math.floor(dataCodewords(version) / blocks);
  const dataBlocks: number[][] = [];
  for (let block = 0, at = 0; block < blocks; block++) {
    const length = block < blocks - long ? short : short + 1;
    dataBlocks.push(data.slice(at, at + length));
    at += length;
  }
  const ecBlocks = dataBlocks.map((block) => errorCorrection(block, degree));
  const placed: number[] = [];
  for (let i = 0; i <= short; i++)
    for (const block of dataBlocks) if (i < block.length) placed.push(block[i] as number);
  for (let i = 0; i < degree; i++) for (const block of ecBlocks) placed.push(block[i] as number);
  return placed;
}

const MASKS: Array<(row: number, column: number) => boolean> = [
  (i, j) => (i + j) % 2 === 0,
  (i) => i % 2 === 0,
  (_, j) => j % 3 === 0,
  (i, j) => (i + j) % 3 === 0,
  (i, j) => (Math.floor(i / 2) + Math.floor(j / 3)) % 2 === 0,
  (i, j) => ((i * j) % 2) + ((i * j) % 3) === 0,
  (i, j) => (((i * j) % 2) + ((i * j) % 3)) % 2 === 0,
  (i, j) => (((i * j) % 3) + ((i + j) % 2)) % 2 === 0,
];

class Grid {
  readonly dark: Uint8Array;
  readonly fixed: Uint8Array;
  constructor(readonly size: number) {
    this.dark = new Uint8Array(size * size);
    this.fixed = new Uint8Array(size * size);
  }
  get = (row: number, column: number) => this.dark[row * this.size + column] as number;
  set(row: number, column: number, dark: boolean | number, fixed = false): void {
    this.dark[row * this.size + column] = dark ? 1 : 0;
    if (fixed) this.fixed[row * this.size + column] = 1;
  }
  mask(pattern: number): void {
    const at = MASKS[pattern] as (row: number, column: number) => boolean;
    for (let row = 0; row < this.size; row++) {
      for (let column = 0; column < this.size; column++) {
        const index = row * this.size + column;
        if (!this.fixed[index] && at(row, column)) this.dark[index] = 1 - (this.dark[index] as number);
      }
    }
  }
}

function placeFunctionPatterns(symbol: Grid, version: number): void {
  const size = symbol.size;
  for (const [top, left] of [
    [0, 0],
    [size - 7, 0],
    [0, size - 7],
  ] as const) {
    for (let r = -1; r <= 7; r++) {
      for (let c = -1; c <= 7; c++) {
        if (top + r < 0 || top + r >= size || left + c < 0 || left + c >= size) continue;
        const ring = Math.max(Math.abs(r - 3), Math.abs(c - 3));
        symbol.set(top + r, left + c, ring !== 2 && ring !== 4, true);
      }
    }
  }
  for (let i = 8; i < size - 8; i++) {
    symbol.set(i, 6, i % 2 === 0, true);
    symbol.set(6, i, i % 2 === 0, true);
  }
  const centres = alignmentCentres(version);
  const last = centres.length - 1;
  centres.forEach((row, i) =>
    centres.forEach((column, j) => {
      if ((i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0)) return; // the finders
      for (let r = -2; r <= 2; r++) {
        for (let c = -2; c <= 2; c++) symbol.set(row + r, column + c, Math.max(Math.abs(r), Math.abs(c)) !== 1, true);
      }
    }),
  );
  if (version >= 7) {
    let rest = version;
    for (let i = 0; i < 12; i++) rest = (rest << 1) ^ ((rest >>> 11) * 0x1f25);
    const bits = (version << 12) | rest;
    for (let i = 0; i < 18; i++) {
      const dark = (bits >>> i) & 1;
      symbol.set(Math.floor(i / 3), (i % 3) + size - 11, dark, true);
      symbol.set((i % 3) + size - 11, Math.floor(i / 3), dark, true);
    }
  }
}

/** The format information (level M, the mask) in its two copies, and the dark module beside it. */
function placeFormat(symbol: Grid, pattern: number): void {
  const size = symbol.size;
  const data = pattern; // level M is 00
  let rest = data;
  for (let i = 0; i < 10; i++) rest = (rest << 1) ^ ((rest >>> 9) * 0x537);
  const bits = ((data << 10) | rest) ^ 0x5412;
  for (let i = 0; i < 15; i++) {
    const dark = (bits >>> i) & 1;
    symbol.set(i < 6 ? i : i < 8 ? i + 1 : size - 15 + i, 8, dark, true);
    symbol.set(8, i < 8 ? size - i - 1 : i < 9 ? 7 : 14 - i, dark, true);
  }
  symbol.set(size - 8, 8, 1, true);
}

function placeData(symbol: Grid, data: readonly number[]): void {
  const size = symbol.size;
  let index = 0;
  let up = true;
  for (let right = size - 1; right > 0; right -= 2) {
    if (right === 6) right--;
    for (let step = 0; step < size; step++) {
      const row = up ? size - 1 - step : step;
      for (const column of [right, right - 1]) {
        if (symbol.fixed[row * size + column]) continue;
        const byte = data[index >>> 3];
        symbol.set(row, column, byte !== undefined && (byte >>> (7 - (index & 7))) & 1);
        index++;
      }
    }
    up = !up;
  }
}

/** The penalty of a masked symbol: runs, 2 × 2 blocks, finder-like patterns, and dark modules far from half. */
function penalty(symbol: Grid): number {
  const { size, get } = symbol;
  let points = 0;
  for (let i = 0; i < size; i++) {
    for (const along of [(k: number) => get(i, k), (k: number) => get(k, i)]) {
      let run = 0;
      let last = -1;
      let window = 0;
      for (let k = 0; k < size; k++) {
        const module = along(k);
        if (module === last) run++;
        else {
          if (run >= 5) points += 3 + run - 5;
          last = module;
          run = 1;
        }
        window = ((window << 1) & 0x7ff) | module;
        if (k >= 10 && (window === 0x5d0 || window === 0x05d)) points += 40;
      }
      if (run >= 5) points += 3 + run - 5;
    }
  }
  for (let row = 0; row < size - 1; row++) {
    for (let column = 0; column < size - 1; column++) {
      const sum = get(row, column) + get(row, column + 1) + get(row + 1, column) + get(row + 1, column + 1);
      if (sum === 0 || sum === 4) points += 3;
    }
  }
  const dark = symbol.dark.reduce((sum, module) => sum + module, 0);
  // the share of dark modules in steps of 5 %, each step away from half costing 10
  return points + Math.abs(Math.ceil((dark * 20) / symbol.dark.length) - 10) * 10;
}

/** The QR code of a text at level M, in the smallest version that holds it. */
export function qrCode(text: string): QrMatrix {
  let version = 1;
  while (segment(text, version).bits.length > dataCodewords(version) * 8) {
    if (++version > 40) throw new Error('too long for a QR code');
  }
  const symbol = new Grid(version * 4 + 17);
  placeFunctionPatterns(symbol, version);
  placeFormat(symbol, 0);
  placeData(symbol, codewords(segment(text, version), version));
  let best = 0;
  let lowest = Number.POSITIVE_INFINITY;
  for (let pattern = 0; pattern < 8; pattern++) {
    placeFormat(symbol, pattern);
    symbol.mask(pattern);
    const points = penalty(symbol);
    symbol.mask(pattern);
    if (points < lowest) {
      lowest = points;
      best = pattern;
    }
  }
  symbol.mask(best);
  placeFormat(symbol, best);
  return { size: symbol.size, get: symbol.get };
}
