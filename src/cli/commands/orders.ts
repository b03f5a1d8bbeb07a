import { type Command, Option } from 'commander';
import { ORDER_SORT_FIELDS, ORDER_STATUSES } from '../../api/enums.js';
import { connect } from '../client.js';
import { CliError } from '../errors.js';
import { formatRecord, formatTable, print, printJson } from '../output.js';
import type { GlobalOptions } from '../program.js';
import { resolveId } from '../resolve.js';

interface ListedOrder {
  id: number;
  ticketNumber: number | null;
  displayCode: string;
  status: string;
  table: string;
  customer: string;
  total: string;
  createdAt: string;
}

interface DetailItem {
  id: string;
  quantity: number;
  notes: string;
  total: number;
  food: { name: string };
}

interface OrderDetail {
  id: number;
  ticketNumber: number | null;
  displayCode: string;
  status: string;
  table: string;
  customer: string;
  subTotal: string;
  discount: string;
  total: string;
  paymentMethod: string | null;
  createdAt: string;
  confirmedAt: string | null;
  completedAt: string | null;
  categorizedItems: Array<{ category: { name: string }; items: DetailItem[] }>;
}

/** 24-hour local time, as a venue's clocks show it. */
const time = (iso: string | null) =>
  iso ? new Date(iso).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }) : null;

function orderId(value: string): number {
  if (!/^\d+$/.test(value)) throw new CliError(`an order is given by its number (the id), got "${value}"`);
  return Number(value);
}

export function registerOrders(program: Command): void {
  const orders = program.command('orders').description('look at and manage orders (list, show, status, reprint, rm)');

  orders
    .command('list')
    .description('list orders, newest first')
    .option('--search <text>', 'customer or table (part of it), display code, or ticket number')
    .option('--code <code>', 'exact display code')
    .addOption(new Option('--status <status...>', 'only these statuses').choices([...ORDER_STATUSES, ...ORDER_STATUSES.map((s) => s.toLowerCase())]))
    .option('--from <date>', 'created at or after (ISO date or date-time)')
    .option('--to <date>', 'created at or before (ISO date or date-time)')
    .addOption(new Option('--sort-by <field>', 'sort field').choices([...ORDER_SORT_FIELDS]).default('createdAt'))
    .option('--asc', 'oldest / smallest first')
    .option('--page <n>', 'page number', '1')
    .option('--limit <n>', 'orders per page (at most 100)', '20')
    .action(async (flags, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      const client = await connect(globals);
      const result = await client.get<{ orders: ListedOrder[]; pagination: { currentPage: number; totalItems: number; totalPages: number } }>(
        '/v1/orders',
        {
          search: flags.search,
          displayCode: flags.code,
          status: flags.status,
          dateFrom: flags.from,
          dateTo: flags.to,
          sortBy: flags.sortBy,
          order: flags.asc ? 'asc' : 'desc',
          page: flags.page,
          limit: flags.limit,
        },
      );
      if (globals.json) return printJson(result);
      print(
        formatTable(result.orders, [
          { header: 'id', value: (o) => o.id, align: 'right' },
          { header: 'ticket', value: (o) => o.ticketNumber, align: 'right' },
          { header: 'code', value: (o) => o.displayCode },
          { header: 'status', value: (o) => o.status },
          { header: 'table', value: (o) => o.table },
          { header: 'customer', value: (o) => o.customer },
          { header: 'total', value: (o) => o.total, align: 'right' },
          { header: 'created', value: (o) => time(o.createdAt) },
        ]),
      );
      const { currentPage, totalPages, totalItems } = result.pagination;
      print(`page ${currentPage} of ${Math.max(totalPages, 1)} (${totalItems} orders)`);
    });

  orders
    .command('show')
    .description('show one order with its items')
    .argument('<id>', 'order number')
    .action(async (id: string, _flags: unknown, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      const client = await connect(globals);
      const order = await client.get<OrderDetail>(`/v1/orders/${orderId(id)}`);
      if (globals.json) return printJson(order);
      print(
        formatRecord([
          ['order', order.id],
          ['ticket', order.ticketNumber],
          ['code', order.displayCode],
          ['status', order.status],
          ['table', order.table],
          ['customer', order.customer],
          ['created', time(order.createdAt)],
          ['confirmed', time(order.confirmedAt)],
          ['completed', time(order.completedAt)],
          ['payment', order.paymentMethod],
          ['subtotal', order.subTotal],
          ['discount', order.discount],
          ['total', order.total],
        ]),
      );
      for (const group of order.categorizedItems) {
        print(`\n${group.category.name}`);
        for (const item of group.items) {
          print(`  ${String(item.quantity).padStart(3)} × ${item.food.name}${item.notes ? ` (${item.notes})` : ''}  ${item.total.toFixed(2)}  [${item.id}]`);
        }
      }
    });

  orders
    .command('status')
    .description('move an order to another status (any status to any status)')
    .argument('<id>', 'order number')
    .argument('<status>', `one of ${ORDER_STATUSES.join(', ')} (any case)`)
    .action(async (id: string, status: string, _flags: unknown, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      const client = await connect(globals);
      const order = await client.patch<{ id: number; status: string; ticketNumber: number | null }>(`/v1/orders/${orderId(id)}`, { status });
      if (globals.json) return printJson(order);
      print(`order ${order.id} (ticket ${order.ticketNumber ?? '-'}) is now ${order.status}`);
    });

  orders
    .command('reprint')
    .description('print the kitchen tickets of an order again (all items unless --item is given)')
    .argument('<id>', 'order number')
    .option('--item <itemId...>', 'only these items (ids from `pos orders show`)')
    .option('--receipt', 'also reprint the customer receipt')
    .option('--receipt-only', 'reprint only the customer receipt (no kitchen tickets)')
    .option('--register <register>', 'with --receipt-only: print it at this register (name or id) instead of the order’s')
    .action(async (id: string, flags: { item?: string[]; receipt?: boolean; receiptOnly?: boolean; register?: string }, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      const client = await connect(globals);
      if (flags.receiptOnly) {
        const cashRegisterId = flags.register ? await resolveId(client, '/v1/cash-registers', flags.register, 'register') : undefined;
        const reprinted = await client.post<{ id: number }>(`/v1/orders/${orderId(id)}/reprint-receipt`, cashRegisterId ? { cashRegisterId } : {});
        if (globals.json) return printJson(reprinted);
        return print(`receipt of order ${reprinted.id} sent again`);
      }
      let items = flags.item;
      if (!items) {
        const detail = await client.get<OrderDetail>(`/v1/orders/${orderId(id)}`);
        items = detail.categorizedItems.flatMap((group) => group.items.map((item) => item.id));
      }
      const result = await client.post<{ id: number; reprintOrderItems: unknown[] }>(`/v1/orders/${orderId(id)}/reprint`, {
        orderItems: items.map((itemId) => ({ id: itemId })),
        reprintReceipt: flags.receipt === true,
      });
      if (globals.json) return printJson(result);
      print(`reprint of order ${result.id} sent: ${result.reprintOrderItems.length} item(s)${flags.receipt ? ' and the receipt' : ''}`);
    });

  orders
    .command('rm')
    .description('delete an order and its items (kept in the audit log)')
    .argument('<id>', 'order number')
    .option('-y, --yes', 'do not ask for confirmation')
    .action(async (id: string, flags: { yes?: boolean }, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      const number = orderId(id);
      if (!flags.yes) {
        if (!process.stdin.isTTY) throw new CliError('deleting an order needs --yes when not run interactively');
        const { createInterface } = await import('node:readline/promises');
        const rl = createInterface({ input: process.stdin, output: process.stderr });
        const answer = await rl.question(`Delete order ${number} and its items? [y/N] `);
        rl.close();
        if (!/^y(es)?$/i.test(answer.trim())) throw new CliError('not deleted');
      }
      const client = await connect(globals);
      await client.delete(`/v1/orders/${number}`);
      if (globals.json) return printJson({ deleted: number });
      print(`deleted order ${number}`);
    });
}
