import type { Db } from '../../storage/database.js';
import { InvalidError } from '../errors.js';

/** A printer id given in a body must name an existing printer (400 otherwise); null means "none". */
export async function checkPrinterRef(trx: Db, printerId: string | null, path = 'body.printerId'): Promise<void> {
  if (printerId === null) return;
  const row = await trx.selectFrom('printers').select('id').where('id', '=', printerId).executeTakeFirst();
  if (!row) throw new InvalidError(`Unknown printer ${printerId}`, [{ path, message: 'unknown printer' }]);
}

/**
 * Whether another row of the table already has this name (names are unique, case-insensitively). The catalog's name
 * columns compare without case themselves; the registers' and printers' (unique only since) are compared lower-cased.
 */
export async function nameTaken(
  trx: Db,
  table: 'categories' | 'ingredients' | 'foods' | 'cash_registers' | 'printers',
  name: string,
  exceptId?: string,
): Promise<boolean> {
  const lowered = table === 'cash_registers' || table === 'printers';
  let query = trx
    .selectFrom(table)
    .select('id')
    .where((eb) =>
      lowered ? eb(eb.fn('lower', ['name']), '=', eb.fn('lower', [eb.val(name)])) : eb('name', '=', name),
    );
  if (exceptId) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}
