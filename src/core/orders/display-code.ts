import { randomInt } from 'node:crypto';
import { DISPLAY_CODE_ALPHABET, DISPLAY_CODE_LENGTH } from '../../api/enums.js';
import type { Db } from '../../storage/database.js';
import { prepared } from '../../storage/prepared.js';
import type { Clock } from '../clock.js';
import { UnavailableError } from '../errors.js';

// The alphabet is a wire fact (people type codes back), declared in src/api.
export { DISPLAY_CODE_ALPHABET, DISPLAY_CODE_LENGTH };
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

/** Once a whole ticket day used every code: taken only while an order with it waits. */
const waitingHolderOfCode = prepared<{ code: string }, { id: number }>((db, p) =>
  db.selectFrom('orders').select('id').where('display_code', '=', p.code).where('status', '!=', 'PICKED_UP').limit(1),
);

function codeAt(index: number): string {
  const n = DISPLAY_CODE_ALPHABET.length;
  return (
    (DISPLAY_CODE_ALPHABET[Math.floor(index / (n * n))] as string) +
    (DISPLAY_CODE_ALPHABET[Math.floor(index / n) % n] as string) +
    (DISPLAY_CODE_ALPHABET[index % n] as string)
  );
}

/** The free codes of a ticket day, in random order, handed out one by one. */
interface Pool {
  codeDay: string;
  /** Past the strict rule: every code of the day was used, picked-up ones are handed out again. */
  relaxed: boolean;
  codes: string[];
  /** When every code was last found waiting (the injected clock, ms): refused again without reading them all. */
  exhaustedAt?: number;
}

/** While every code waits, how long a refusal stands before the codes are read again (pick-ups free them). */
const EXHAUSTED_RECHECK_MS = 1000;

const pools = new WeakMap<object, Pool>();

async function freeCodes(
  trx: Db,
  codeDay: string,
  relaxed: boolean,
  random: (max: number) => number,
): Promise<string[]> {
  const taken = relaxed
    ? await trx.selectFrom('orders').select('display_code').distinct().where('status', '!=', 'PICKED_UP').execute()
    : await trx
        .selectFrom('orders')
        .select('display_code')
        .distinct()
        .where((eb) => eb.or([eb('code_day', '=', codeDay), eb('status', '!=', 'PICKED_UP')]))
        .execute();
  const used = new Set(taken.map((row) => row.display_code));
  const free: string[] = [];
  for (let index = 0; index < DISPLAY_CODE_COUNT; index++) {
    const code = codeAt(index);
    if (!used.has(code)) free.push(code);
  }
  for (let index = free.length - 1; index > 0; index--) {
    const other = random(index + 1);
    [free[index], free[other]] = [free[other] as string, free[index] as string];
  }
  return free;
}

/**
 * Picks a random free code (not sequential, so the next one cannot be guessed). The free codes of the ticket day
 * are read once and shuffled; each pick takes the next and checks it against the orders (a code given to an order
 * that was rolled back, or freed since, costs nothing). So a pick is one index look-up even late in a day of tens
 * of thousands of orders. When a whole ticket day has used every code, codes of orders already picked up are
 * handed out again; if even those are gone, the order is refused (503) rather than given a code that two waiting
 * customers would share.
 *
 * `owner` keys the pool (one per database); `clock` is the context's; `random(max)` is an integer in [0, max).
 */
export async function pickDisplayCode(
  trx: Db,
  owner: object,
  codeDay: string,
  clock: Clock,
  random: (max: number) => number = randomInt,
): Promise<string> {
  let pool = pools.get(owner);
  if (!pool || pool.codeDay !== codeDay) {
    pool = { codeDay, relaxed: false, codes: await freeCodes(trx, codeDay, false, random) };
    pools.set(owner, pool);
  }
  // A clock set back (the appliance's time corrected) ends the refusal rather than stretching it.
  const sinceExhausted = pool.exhaustedAt === undefined ? Infinity : clock.now().getTime() - pool.exhaustedAt;
  if (sinceExhausted >= 0 && sinceExhausted < EXHAUSTED_RECHECK_MS) throw exhausted();
  for (let refills = 0; refills < 3; ) {
    const code = pool.codes.pop();
    if (code === undefined) {
      // Out of codes: read again what is free (orders deleted or picked up since), past the strict rule if needed.
      refills++;
      pool.codes = await freeCodes(trx, codeDay, pool.relaxed, random);
      if (pool.codes.length === 0 && !pool.relaxed) {
        pool.relaxed = true;
        pool.codes = await freeCodes(trx, codeDay, true, random);
      }
      if (pool.codes.length === 0) break;
      continue;
    }
    const holder = pool.relaxed
      ? await waitingHolderOfCode.executeTakeFirst(trx, { code })
      : await holderOfCode.executeTakeFirst(trx, { code, codeDay });
    if (!holder) {
      delete pool.exhaustedAt;
      return code;
    }
  }
  pool.exhaustedAt = clock.now().getTime();
  throw exhausted();
}

const exhausted = () =>
  new UnavailableError('Every display code is in use by an order not yet picked up: mark picked-up orders first');
