import { randomInt } from 'node:crypto';
import type { Db } from '../../storage/database.js';
import { prepared } from '../../storage/prepared.js';
import { UnavailableError } from '../errors.js';

/** No look-alikes: no 0/O, no 1/I/L. 31 symbols, 29,791 codes. */
export const DISPLAY_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const DISPLAY_CODE_LENGTH = 3;
export const DISPLAY_CODE_COUNT = DISPLAY_CODE_ALPHABET.length ** DISPLAY_CODE_LENGTH;

export function randomDisplayCode(random: (max: number) => number = randomInt): string {
  let code = '';
  for (let i = 0; i < DISPLAY_CODE_LENGTH; i++) code += DISPLAY_CODE_ALPHABET[random(DISPLAY_CODE_ALPHABET.length)];
  return code;
}

export function isDisplayCode(value: string): boolean {
  return value.length === DISPLAY_CODE_LENGTH && [...value].every((char) => DISPLAY_CODE_ALPHABET.includes(char));
}

/** A code is taken while an order of the same ticket day has it, or any order that was not picked up yet. */
const holderOfCode = prepared<{ code: string; codeDay: string }, { id: number }>((db, p) =>
  db
    .selectFrom('orders')
    .select('id')
    .where('display_code', '=', p.code)
    .where((eb) => eb.or([eb('code_day', '=', p.codeDay), eb('status', '!=', 'PICKED_UP')]))
    .limit(1),
);

async function isTaken(trx: Db, code: string, codeDay: string): Promise<boolean> {
  return (await holderOfCode.executeTakeFirst(trx, { code, codeDay })) !== undefined;
}

function* allCodes(): Generator<string> {
  const n = DISPLAY_CODE_ALPHABET.length;
  for (let i = 0; i < DISPLAY_CODE_COUNT; i++) {
    yield (DISPLAY_CODE_ALPHABET[Math.floor(i / (n * n))] as string) +
      (DISPLAY_CODE_ALPHABET[Math.floor(i / n) % n] as string) +
      (DISPLAY_CODE_ALPHABET[i % n] as string);
  }
}

/**
 * Picks a random free code (not sequential, so the next one cannot be guessed). Random probes are cheap while
 * most codes are free; when they keep colliding, the free set is computed once. If a whole ticket day used every
 * code, a code of an order already picked up today is reused; if even those are gone, the order is refused (503)
 * rather than given a code that two waiting customers would share.
 */
export async function pickDisplayCode(
  trx: Db,
  codeDay: string,
  random: (max: number) => number = randomInt,
): Promise<string> {
  for (let attempt = 0; attempt < 12; attempt++) {
    const code = randomDisplayCode(random);
    if (!(await isTaken(trx, code, codeDay))) return code;
  }
  const strict = await trx
    .selectFrom('orders')
    .select('display_code')
    .distinct()
    .where((eb) => eb.or([eb('code_day', '=', codeDay), eb('status', '!=', 'PICKED_UP')]))
    .execute();
  let taken = new Set(strict.map((row) => row.display_code));
  let free = [...allCodes()].filter((code) => !taken.has(code));
  if (free.length === 0) {
    const waiting = await trx.selectFrom('orders').select('display_code').distinct().where('status', '!=', 'PICKED_UP').execute();
    taken = new Set(waiting.map((row) => row.display_code));
    free = [...allCodes()].filter((code) => !taken.has(code));
  }
  if (free.length === 0) {
    throw new UnavailableError('Every display code is in use by an order not yet picked up: mark picked-up orders first');
  }
  return free[random(free.length)] as string;
}
