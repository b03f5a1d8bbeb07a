import { Argument, type Command, Option } from 'commander';
import { ORDER_SORT_FIELDS, ORDER_STATUSES } from '../../api/enums.js';
import { OrderDetail, OrderList, OrderResponse, ReprintResponse } from '../../api/orders.js';
import { Refund } from '../../api/refunds.js';
import type { PosClient } from '../../client/http.js';
import { connect } from '../client.js';
import { terminalText } from '../../client/terminal-text.js';
import { CliError, renameFields } from '../errors.js';
import { orderName, resolveOrder } from '../order-ref.js';
import { ordersPage, pageFooter, positive } from '../order-pages.js';
import { formatRecord, formatTable, print, printJson, venueClockTime } from '../output.js';
import type { GlobalOptions } from '../program.js';
import { money } from '../field-flags.js';
import { parseMoney, resolveId } from '../resolve.js';
import { warnNoReceipt } from '../receipt-notice.js';

/** The spellings the API takes: as written, or all in lower case. */
const STATUS_SPELLINGS = [...ORDER_STATUSES, ...ORDER_STATUSES.map((s) => s.toLowerCase() as Lowercase<typeof s>)];

const ORDER_ARGUMENT = 'the order: #12 (ticket number today), its display code (A7K) or its id';

/** `takeaway`, `table, 4 covers`, or `table` (an older server sends neither: `table`). */
export function serviceWord(order: { covers?: number; service?: string }): string {
  if (order.service === 'TAKEAWAY') return 'takeaway';
  return order.covers ? `table, ${order.covers} cover${order.covers === 1 ? '' : 's'}` : 'table';
}

export function registerOrders(program: Command): void {
  const orders = program
    .command('orders')
    .description('look at and manage orders (list, show, status, reprint, refund, rm)');

  orders
    .command('list')
    .description('list orders, newest first')
    .option('--search <text>', 'customer or table (part of it), display code, or ticket number')
    .option('--code <code>', 'exact display code')
    .addOption(new Option('--status <status...>', 'only these statuses').choices(STATUS_SPELLINGS))
    .option('--from <date>', 'created at or after (ISO date or date-time)')
    .option('--to <date>', 'created at or before (ISO date or date-time)')
    .addOption(new Option('--sort-by <field>', 'sort field').choices([...ORDER_SORT_FIELDS]).default('createdAt'))
    .option('--asc', 'oldest / smallest first')
    .option('--page <n>', 'page number', '1')
    .option('--limit <n>', 'orders per page (any number: more than 100 are read 100 at a time)', '20')
    .option('--all', 'every order that matches, on one page')
    .action(async (flags, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      const page = positive(flags.page, '--page');
      const limit = flags.all ? 'all' : positive(flags.limit, '--limit');
      const client = await connect(globals);
      const listed = await ordersPage(
        client,
        {
          search: flags.search,
          displayCode: flags.code,
          status: flags.status,
          dateFrom: flags.from,
          dateTo: flags.to,
          sortBy: flags.sortBy,
          order: flags.asc ? 'asc' : 'desc',
        },
        page,
        limit,
      ).catch((error: unknown) => {
        throw renameFields(error, { search: '--search', displayCode: '--code', dateFrom: '--from', dateTo: '--to' });
      });
      const result = { orders: listed.orders, pagination: listed.pagination };
      if (globals.json) return printJson(result, OrderList);
      const { timezone } = await client.health();
      const time = (iso: string | null) => venueClockTime(iso, timezone);
      print(
        formatTable(result.orders, [
          { header: 'id', value: (o) => o.id, align: 'right' },
          { header: 'ticket', value: (o) => o.ticketNumber, align: 'right' },
          { header: 'code', value: (o) => o.displayCode },
          { header: 'status', value: (o) => o.status },
          { header: 'table', value: (o) => o.table },
          { header: 'customer', value: (o) => o.customer },
          { header: 'service', value: (o) => serviceWord(o) },
          { header: 'total', value: (o) => money(o.total), align: 'right' },
          { header: 'created', value: (o) => time(o.createdAt) },
        ]),
      );
      print(pageFooter(listed));
    });

  orders
    .command('show')
    .description('show one order with its items')
    .argument('<order>', ORDER_ARGUMENT)
    .action(async (wanted: string, _flags: unknown, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      const client = await connect(globals);
      const chosen = await resolveOrder(client, wanted);
      const order = await client.order(chosen.id);
      if (globals.json) return printJson(order, OrderDetail);
      const { timezone } = await client.health();
      const time = (iso: string | null) => venueClockTime(iso, timezone);
      print(orderName(order));
      print(
        formatRecord([
          ['id', order.id],
          ['ticket', order.ticketNumber === null ? null : `#${order.ticketNumber}`],
          ['code', order.displayCode],
          ['status', order.status],
          ['table', order.table],
          ['customer', order.customer],
          ['service', serviceWord(order)],
          ['created', time(order.createdAt)],
          ['confirmed', time(order.confirmedAt)],
          ['completed', time(order.completedAt)],
          ['payment', order.paymentMethod],
          ['subtotal', money(order.subTotal)],
          ['discount', money(order.discount)],
          ['discount reason', order.discountReason],
          ['total', money(order.total)],
          ['refunded', order.refunded > 0 ? money(order.refunded) : null],
        ]),
      );
      const names = new Map<string, string>();
      for (const group of order.categorizedItems) {
        print(`\n${group.category.name}`);
        for (const item of group.items) {
          names.set(item.id, item.food.name);
          const refunded = item.refundedQuantity > 0 ? `  (${item.refundedQuantity} refunded)` : '';
          print(
            `  ${String(item.quantity).padStart(3)} × ${item.food.name}${item.notes ? ` (${item.notes})` : ''}  ${money(item.total)}${refunded}  [${item.id}]`,
          );
          // Each chosen option under its line, with its price change, as the receipt shows them.
          for (const choice of item.choices)
            print(`          ${choice.group}: ${choice.name}${signedMoney(choice.priceDelta)}`);
        }
      }
      if (order.refunded > 0) {
        print('\nRefunds');
        for (const refund of await client.refunds(order.id)) {
          const units = refund.items.map((item) => `${item.quantity} × ${names.get(item.id) ?? item.id}`).join(', ');
          print(`  ${time(refund.createdAt)}  ${money(refund.amount)} ${refund.method}  ${units}: ${refund.reason}`);
        }
      }
    });

  orders
    .command('refund')
    .description('give back some units of a paid order (the amount is their share of the total unless --amount)')
    .argument('<order>', ORDER_ARGUMENT)
    .requiredOption('--item <itemId:quantity...>', 'the lines and units to refund (line ids from `pos orders show`)')
    .requiredOption('--reason <text>', 'why (kept with the refund)')
    .option('--amount <amount>', 'the money to give back, e.g. 4.50 (default: the units’ share of the total)')
    .addOption(
      new Option('--method <method>', 'how it goes back (default: as the order was paid)').choices(['CASH', 'CARD']),
    )
    .option('--register <register>', 'the register whose drawer pays it (name or id; default: the order’s)')
    .option('--key <key>', 'an Idempotency-Key: the same refund retried with it counts once')
    .action(
      async (
        wanted: string,
        flags: {
          item: string[];
          reason: string;
          amount?: string;
          method?: 'CASH' | 'CARD';
          register?: string;
          key?: string;
        },
        command: Command,
      ) => {
        const globals = command.optsWithGlobals<GlobalOptions>();
        const items = flags.item.map(refundItem);
        const amount = flags.amount === undefined ? undefined : parseMoney(flags.amount, '--amount');
        const client = await connect(globals);
        const chosen = await resolveOrder(client, wanted);
        const cashRegisterId = flags.register
          ? await resolveId(client, '/v1/cash-registers', flags.register, 'register')
          : undefined;
        const refund = await client.refundOrder(
          chosen.id,
          {
            items,
            reason: flags.reason,
            ...(amount === undefined ? {} : { amount }),
            ...(flags.method ? { method: flags.method } : {}),
            ...(cashRegisterId ? { cashRegisterId } : {}),
          },
          flags.key,
        );
        if (globals.json) return printJson(refund, Refund);
        const how = refund.method === 'CASH' ? 'in cash' : 'on the card';
        print(`refunded ${money(refund.amount)} ${how} for ${orderName(chosen)}: give it back to the customer`);
      },
    );

  orders
    .command('status')
    .description('move an order to another status (any status to any status)')
    .argument('<order>', ORDER_ARGUMENT)
    .addArgument(new Argument('<status>', 'the new status (upper or lower case)').choices(STATUS_SPELLINGS))
    .action(async (wanted: string, status: (typeof STATUS_SPELLINGS)[number], _flags: unknown, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      const client = await connect(globals);
      const chosen = await resolveOrder(client, wanted);
      const order = await client.setOrderStatus(chosen.id, status);
      // A first confirmation by PATCH has no register: no receipt, no drawer.
      const firstConfirmation = chosen.confirmedAt === null && order.confirmedAt !== null;
      await warnNoReceipt(order, async () =>
        firstConfirmation ? 'confirmed without a register (a till or the dashboard chooses one)' : null,
      );
      if (globals.json) return printJson(order, OrderResponse);
      print(`${orderName(order)} is now ${order.status.toUpperCase()}`);
    });

  orders
    .command('reprint')
    .description('print the kitchen tickets of an order again (all items unless --item is given)')
    .argument('<order>', ORDER_ARGUMENT)
    .option('--item <itemId...>', 'only these items (ids from `pos orders show`)')
    .option('--receipt', 'also reprint the customer receipt')
    .option('--receipt-only', 'reprint only the customer receipt (no kitchen tickets)')
    .option(
      '--register <register>',
      'with --receipt-only: print it at this register (name or id) instead of the order’s',
    )
    .action(
      async (
        wanted: string,
        flags: { item?: string[]; receipt?: boolean; receiptOnly?: boolean; register?: string },
        command: Command,
      ) => {
        const globals = command.optsWithGlobals<GlobalOptions>();
        const client = await connect(globals);
        const chosen = await resolveOrder(client, wanted);
        if (flags.receiptOnly) {
          const cashRegisterId = flags.register
            ? await resolveId(client, '/v1/cash-registers', flags.register, 'register')
            : undefined;
          const reprinted = await client.reprintReceipt(chosen.id, cashRegisterId ? { cashRegisterId } : {});
          if (globals.json) return printJson(reprinted, ReprintResponse);
          return print(`receipt of ${orderName(chosen)} sent again`);
        }
        const detail = await client.order(chosen.id);
        const items = flags.item ?? detail.categorizedItems.flatMap((group) => group.items.map((item) => item.id));
        const result = await client.reprint(chosen.id, {
          orderItems: items.map((itemId) => ({ id: itemId })),
          reprintReceipt: flags.receipt === true,
        });
        if (flags.receipt) await warnNoReceipt(result, () => registerProblem(client, detail.cashRegisterId));
        if (globals.json) return printJson(result, ReprintResponse);
        print(
          `reprint of ${orderName(detail)} sent: ${result.reprintOrderItems.length} item(s)${flags.receipt ? ' and the receipt' : ''}`,
        );
      },
    );

  orders
    .command('rm')
    .description('delete an order and its items (kept in the audit log)')
    .argument('<order>', ORDER_ARGUMENT)
    .option('-y, --yes', 'do not ask for confirmation')
    .action(async (wanted: string, flags: { yes?: boolean }, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      if (!flags.yes && !process.stdin.isTTY)
        throw new CliError('deleting an order needs --yes when not run interactively');
      const client = await connect(globals);
      const order = await resolveOrder(client, wanted);
      if (!flags.yes) {
        const { createInterface } = await import('node:readline/promises');
        const rl = createInterface({ input: process.stdin, output: process.stderr });
        const what = `${orderName(order)} (${order.customer}, table ${order.table}, ${order.status})`;
        const question = `Delete ${what} and its items? [y/N] `;
        const answer = await rl.question(terminalText(question, { singleLine: true }));
        rl.close();
        if (!/^y(es)?$/i.test(answer.trim())) throw new CliError('not deleted');
      }
      await client.deleteOrder(order.id);
      if (globals.json) return printJson({ deleted: order.id });
      print(`deleted ${orderName(order)}`);
    });
}

/** `ID:QTY` (or a bare ID: one unit). */
function refundItem(text: string): { id: string; quantity: number } {
  const match = /^([^:\s]+)(?::(\d+))?$/.exec(text.trim());
  if (!match) throw new CliError(`--item ${text}: write the line id and the units, like c0123…:2`);
  const quantity = match[2] === undefined ? 1 : Number(match[2]);
  if (!Number.isSafeInteger(quantity) || quantity < 1)
    throw new CliError(`--item ${text}: the units must be 1 or more`);
  return { id: match[1] as string, quantity };
}

/** Why an order's register cannot print its receipt, or null when it can (or cannot tell). */
async function registerProblem(client: PosClient, registerId: string | null): Promise<string | null> {
  if (registerId === null) return 'the order was confirmed without a register';
  const registers = await client.cashRegisters();
  const register = registers.find((r) => r.id === registerId);
  return register && register.defaultPrinterId === null ? `the register ${register.name} has no printer` : null;
}

/** A choice's price change as the receipt writes it (" +1.50", " -2.00"), or nothing when it costs the same. */
function signedMoney(cents: number): string {
  return cents === 0 ? '' : ` ${cents > 0 ? '+' : '-'}${money(Math.abs(cents))}`;
}
