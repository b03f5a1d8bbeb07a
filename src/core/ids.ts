import { randomBytes } from 'node:crypto';

const BASE36 = '0123456789abcdefghijklmnopqrstuvwxyz';

export type IdGenerator = () => string;

/**
 * A CUID-shaped id: `c` + 24 lowercase base36 characters. The first 8 carry the time (so ids sort roughly by
 * creation, which keeps B-tree inserts local); the other 16 are random, so ids cannot be guessed.
 */
export const cuid: IdGenerator = () => {
  const time = Date.now().toString(36).padStart(8, '0').slice(-8);
  const bytes = randomBytes(16);
  let random = '';
  for (const byte of bytes) random += BASE36[byte % 36];
  return `c${time}${random}`;
};

export const CUID_PATTERN = /^c[0-9a-z]{24}$/;

export function isCuid(value: string): boolean {
  return CUID_PATTERN.test(value);
}
