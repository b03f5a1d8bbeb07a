import { type Command, Option } from 'commander';
import { PRINT_JOB_STATUSES } from '../../api/enums.js';
import { connect } from '../client.js';
import { CliError } from '../errors.js';
import { orderName, resolveOrder } from '../order-ref.js';
import { formatTable, print, printJson } from '../output.js';
import type { GlobalOptions } from '../program.js';
import { resolveId } from '../resolve.js';

export function registerPrintJobs(program: Command): void {
  const group = program.command('print-jobs').description('tickets waiting, printed, failed or without a printer');

  group
    .command('list')
    .description('list print jobs, newest first')
    .option('--printer <printer>', 'only this printer (name or id)')
    .addOption(new Option('--status <status...>', 'only these statuses').choices([...PRINT_JOB_STATUSES]))
    .option('--order <order>', 'only the jobs of this order: #12 (ticket number today), its display code or its id')
    .option('--limit <n>', 'how many', '50')
    .action(async (flags: { printer?: string; status?: string[]; order?: string; limit: string }, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      const client = await connect(globals);
      const printerId = flags.printer ? await resolveId(client, '/v1/printers', flags.printer, 'printer') : undefined;
      const order = flags.order ? await resolveOrder(client, flags.order) : undefined;
      if (order && !globals.json) print(`print jobs of ${orderName(order)}`);
      const status = flags.status as Array<(typeof PRINT_JOB_STATUSES)[number]> | undefined; // commander checked the choices
      const jobs = await client.printJobs({ printerId, status, orderId: order?.id, limit: flags.limit });
      if (globals.json) return printJson(jobs);
      if (jobs.length === 0) return print('no print jobs');
      print(
        formatTable(jobs, [
          { header: 'id', value: (j) => j.id, align: 'right' },
          { header: 'status', value: (j) => j.status },
          { header: 'printer', value: (j) => j.printerName ?? '(none)' },
          { header: 'tries', value: (j) => j.attempts, align: 'right' },
          { header: 'what', value: (j) => (j.summary.length > 60 ? `${j.summary.slice(0, 59)}…` : j.summary) },
          { header: 'problem', value: (j) => j.lastError },
        ]),
      );
    });

  group
    .command('retry')
    .description('send a job again now (failed, unroutable, or printed but lost), optionally to another printer')
    .argument('<id>', 'print job id')
    .option('--printer <printer>', 'send it to this printer instead (name or id)')
    .action(async (id: string, flags: { printer?: string }, command: Command) => {
      if (!/^\d+$/.test(id)) throw new CliError(`a print job is given by its number, got "${id}"`);
      const globals = command.optsWithGlobals<GlobalOptions>();
      const client = await connect(globals);
      const printerId = flags.printer ? await resolveId(client, '/v1/printers', flags.printer, 'printer') : undefined;
      const job = await client.retryPrintJob(Number(id), printerId ? { printerId } : {});
      if (globals.json) return printJson(job);
      print(`job ${job.id} queued again on ${job.printerName}`);
    });
}
