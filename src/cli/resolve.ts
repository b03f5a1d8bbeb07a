import { isCuid } from '../api/ids.js';
import { unitsToCents } from '../api/money.js';
import type { PosClient } from '../client/http.js';
import type { RecordOf, ResourcePath } from '../client/resources.js';
import { CliError } from './errors.js';

/** Finds one record of a list by id or by exact name (case-insensitive); ambiguous or unknown names are errors. */
export function pick<T extends { id: string }>(
  records: T[],
  wanted: string,
  nameOf: (record: T) => string,
  what: string,
): T {
  const byId = records.find((record) => record.id === wanted);
  if (byId) return byId;
  const byName = records.filter((record) => nameOf(record).toLowerCase() === wanted.toLowerCase());
  if (byName.length === 1) return byName[0] as T;
  if (byName.length > 1) throw new CliError(`more than one ${what} is called "${wanted}": give its id`);
  throw new CliError(`no ${what} "${wanted}"`);
}

/** The id of a record given by id or name; an id is used as is (the server says 404 if it is unknown). */
export async function resolveId<P extends ResourcePath>(
  client: PosClient,
  path: P,
  wanted: string,
  what: string,
  nameOf: (record: RecordOf<P>) => string = (record) => ('name' in record ? String(record.name) : record.id),
): Promise<string> {
  if (isCuid(wanted)) return wanted;
  return pick(await client.list(path), wanted, nameOf, what).id;
}

/**
 * "7.50" or "7,50" → 750 cents: a decimal comma as the till takes it (Italian keyboards and habits). Refuses anything
 * but a plain amount with at most 2 decimals (no thousands separators: "1.234" would be ambiguous).
 */
export function parseMoney(value: string, flag: string): number {
  const match = /^(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(value.trim());
  if (!match) throw new CliError(`${flag} must be an amount such as 7.50 or 7,50, got "${value}"`);
  return unitsToCents(match[1] as string, match[2]);
}

export function parseInteger(value: string, flag: string): number {
  if (!/^-?\d+$/.test(value.trim())) throw new CliError(`${flag} must be a whole number, got "${value}"`);
  return Number(value.trim());
}
