import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(scryptCallback) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

const PARAMS = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const KEY_LENGTH = 32;

/** Set by the test suite only (package.json's `test` script): see docs/development.md, "The suite's time". */
export const TEST_CHEAP_HASH_VARIABLE = 'POS_TEST_CHEAP_PASSWORD_HASH';

/**
 * The scrypt cost of a new hash: the full one, unless the test suite asked for a cheap one (N = 1024: 3 ms of CPU a
 * hash instead of 40, over the thousand hashes a suite run makes). Nothing else sets the variable. A hash carries its
 * own parameters, so either kind verifies with the other's code.
 */
export function passwordCost(env: Record<string, string | undefined> = process.env): typeof PARAMS {
  return env[TEST_CHEAP_HASH_VARIABLE] === '1' ? { ...PARAMS, N: 1024 } : PARAMS;
}

/** `scrypt$N$r$p$salt$hash`, base64 parts: the parameters travel with the hash so they can be raised later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const params = passwordCost();
  const hash = await scrypt(password, salt, KEY_LENGTH, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64'), hash.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: PARAMS.maxmem,
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A password a volunteer can read aloud and type on a tablet: 4 groups of 4 from an unambiguous alphabet. */
export function generatePassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(16);
  let out = '';
  for (let i = 0; i < 16; i++) {
    if (i > 0 && i % 4 === 0) out += '-';
    out += alphabet[(bytes[i] as number) % alphabet.length];
  }
  return out;
}
