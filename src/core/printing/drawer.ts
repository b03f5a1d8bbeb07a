import type { OpenDrawerResponse } from '../../api/cash-registers.js';
import { type Principal, principalId } from '../auth/principal.js';
import { type CoreContext, write } from '../context.js';
import { ConflictError, NotFoundError, UnavailableError } from '../errors.js';
import { appendEvent } from '../events/event-log.js';
import type { PrintTarget } from './job-life.js';

/**
 * What kicks a drawer right now: the built-in printing's sender (src/printer), given to the context when printing
 * is on. A kick is not a print job: a drawer that springs open minutes later, when its printer is back, in front
 * of nobody, is worse than one that did not open while the cashier waits, so it is sent once and never queued.
 */
export interface DrawerKicker {
  kick(printer: PrintTarget): Promise<void>;
}

/**
 * Opens the drawer of a register (no sale: change for the float, a mistake to put right). The drawer hangs on the
 * register's default printer. The opening is recorded in the audit log (who opened it) and announced on the
 * printer channel (`open-drawer`), for a print service; with the built-in printing on, the drawer is kicked after
 * the commit and the answer waits for the printer to take the pulse (503 when it cannot be reached).
 */
export async function openCashDrawer(
  ctx: CoreContext,
  registerId: string,
  actor: Principal,
): Promise<OpenDrawerResponse> {
  const printer = await write(ctx, async (trx) => {
    const register = await trx
      .selectFrom('cash_registers')
      .select(['name', 'default_printer_id'])
      .where('id', '=', registerId)
      .executeTakeFirst();
    if (!register) throw new NotFoundError('Cash register not found');
    if (register.default_printer_id === null) {
      throw new ConflictError(
        `Cash register "${register.name}" has no printer: its drawer is opened through its printer, give it one`,
      );
    }
    const target = await trx
      .selectFrom('printers')
      .selectAll()
      .where('id', '=', register.default_printer_id)
      .executeTakeFirstOrThrow();
    if (target.cash_drawer !== 1) {
      throw new ConflictError(
        `Printer "${target.name}" of cash register "${register.name}" has no cash drawer: if one is wired to it, ` +
          `say so (pos printers edit "${target.name}" --drawer)`,
      );
    }
    const now = ctx.clock.now();
    await trx
      .insertInto('audit_log')
      .values({
        at: now.getTime(),
        actor: principalId(actor),
        action: 'open-drawer',
        entity: 'cash_register',
        entity_id: registerId,
        data: JSON.stringify({ printerId: target.id }),
      })
      .execute();
    await appendEvent(trx, now, 'printer', 'open-drawer', { printerId: target.id, cashRegisterId: registerId });
    return target;
  });
  if (ctx.printJobs && ctx.drawer) {
    try {
      await ctx.drawer.kick(printer);
    } catch (error) {
      const reason = (error as Error).message;
      throw new UnavailableError(`The drawer did not open: printer "${printer.name}" could not be reached (${reason})`);
    }
  }
  return { printerId: printer.id };
}
