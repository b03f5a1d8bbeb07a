import { randomFillSync } from 'node:crypto';

const BASE36 = '0123456789abcdefghijklmnopqrstuvwxyz';

export type IdGenerator = () => string;

/**
 * A CUID-shaped id: `c` + 24 lowercase base36 characters. The first 8 carry the time (so ids sort roughly by
 * creation, which keeps B-tree inserts local); the other 16 are random, so ids cannot be guessed.
 */
export const cuid: IdGenerator = () => {
  const time = Date.now().toString(36).padStart(8, '0').slice(-8);
  let random = '';
  for (let i = 0; i < 16; i++) random += BASE36[randomByte() % 36];
  return `c${time}${random}`;
};

// Random bytes are drawn from the system in blocks: one call per id (several per order) cost more than the rest
// of the id put together.
const pool = Buffer.alloc(4096);
let poolIndex = pool.length;

function randomByte(): number {
  if (poolIndex === pool.length) {
    randomFillSync(pool);
    poolIndex = 0;
  }
  return pool[poolIndex++] as number;
}

// The pattern is part of the contract (src/api/ids.ts).
export { CUID_PATTERN, isCuid } from '../api/ids.js';
