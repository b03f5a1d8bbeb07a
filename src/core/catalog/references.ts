import type { Db } from '../../storage/database.js';
import { InvalidError } from '../errors.js';

/** A printer id given in a body must name an existing printer (400 otherwise); null means "none". */
export async function checkPrinterRef(trx: Db, printerId: string | null, path = 'body.printerId'): Promise<void> {
  if (printerId === null) return;
  const row = await trx.selectFrom('printers').select('id').where('id', '=', printerId).executeTakeFirst();
  if (!row) throw new InvalidError(`Unknown printer ${printerId}`, [{ path, message: 'unknown printer' }]);
}

/** Whether another row of the table already has this name (names are unique, case-insensitively). */
export async function nameTaken(
  trx: Db,
  table: 'categories' | 'ingredients' | 'foods',
  name: string,
  exceptId?: string,
): Promise<boolean> {
  let query = trx.selectFrom(table).select('id').where('name', '=', name);
  if (exceptId) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}
