import { resolve } from 'node:path';
import { type Command, Option } from 'commander';
import { LOCALES } from '../../api/enums.js';
import { ConfigError, defaultConfig, parseTtl, type ServerConfig, validateConfig } from '../../config.js';
import { DataDirLockedError } from '../../storage/data-dir.js';
import { DatabaseUnreachableError } from '../../storage/postgres-url.js';
import { CliError } from '../errors.js';
import type { GlobalOptions } from '../program.js';

interface ServeFlags {
  port: string;
  host: string;
  timezone: string;
  locale: string;
  tables: boolean;
  ticketReset: string;
  dayStart: string;
  durability: string;
  printing: string;
  keepAlive: string;
  tokenTtl: string;
  logLevel: string;
  backupEvery?: string;
  backupDir?: string;
  backupKeep: string;
  printerProbe: string;
}

function backupSchedule(flags: ServeFlags): ServerConfig['backup'] {
  if (!flags.backupEvery && !flags.backupDir) return null;
  if (!flags.backupEvery || !flags.backupDir) throw new ConfigError('--backup-every and --backup-dir go together');
  return {
    everyMs: parseTtl(flags.backupEvery, '--backup-every') * 1000,
    dir: resolve(flags.backupDir),
    keep: Number(flags.backupKeep),
  };
}

export function registerServe(program: Command): void {
  const defaults = defaultConfig();
  program
    .command('serve')
    .description('run the point-of-sale server (REST API, event stream, printing) on this machine')
    .addOption(
      new Option('--port <port>', 'TCP port to listen on (0 picks a free one)')
        .env('POS_PORT')
        .default(String(defaults.port)),
    )
    .addOption(
      new Option('--host <address>', 'address to listen on (0.0.0.0 = every network)')
        .env('POS_HOST')
        .default(defaults.host),
    )
    .addOption(
      new Option('--timezone <zone>', 'venue time zone (IANA name) for ticket days, business days and reports')
        .env('POS_TIMEZONE')
        .default(defaults.timezone),
    )
    .addOption(
      new Option(
        '--locale <language>',
        `the venue's language for tickets, the TV and the screens' default (${LOCALES.join(', ')})`,
      )
        .env('POS_LOCALE')
        .default(defaults.locale),
    )
    .addOption(
      new Option('--no-tables', 'counter service: the till does not ask for a table number (it sends "—")').env(
        'POS_NO_TABLES',
      ),
    )
    .addOption(
      new Option('--ticket-reset <HH:MM>', 'ticket numbers restart at this venue time')
        .env('POS_TICKET_RESET')
        .default(defaults.ticketReset),
    )
    .addOption(
      new Option('--day-start <HH:MM>', 'the business day (general closure) starts at this venue time')
        .env('POS_DAY_START')
        .default(defaults.dayStart),
    )
    .addOption(
      new Option(
        '--durability <level>',
        'full: every commit reaches the disk; normal: faster, may lose the last commits on power loss',
      )
        .choices(['full', 'normal'])
        .env('POS_DURABILITY')
        .default(defaults.durability),
    )
    .addOption(
      new Option('--printing <mode>', 'on: drive the LAN printers; off: leave printing to an external service')
        .choices(['on', 'off', 'external'])
        .env('POS_PRINTING')
        .default(defaults.printing),
    )
    .addOption(
      new Option('--keep-alive <ms>', 'interval of the event stream keep-alive comment')
        .env('POS_KEEP_ALIVE_MS')
        .default(String(defaults.keepAliveMs)),
    )
    .addOption(
      new Option('--token-ttl <duration>', 'lifetime of tokens issued at login').env('POS_TOKEN_TTL').default('12h'),
    )
    .addOption(
      new Option('--log-level <level>', 'server log level (JSON lines on stdout)')
        .choices(['fatal', 'error', 'warn', 'info', 'debug', 'silent'])
        .env('POS_LOG_LEVEL')
        .default(defaults.logLevel),
    )
    .addOption(
      new Option('--printer-probe <ms>', "how often each printer's status is checked")
        .env('POS_PRINTER_PROBE_MS')
        .default(String(defaults.printerProbeMs)),
    )
    .addOption(
      new Option('--backup-every <duration>', 'write a rotating online backup this often, such as 10m').env(
        'POS_BACKUP_EVERY',
      ),
    )
    .addOption(
      new Option('--backup-dir <dir>', 'where rotating backups go (a USB stick); needed with --backup-every').env(
        'POS_BACKUP_DIR',
      ),
    )
    .addOption(
      new Option('--backup-keep <n>', 'how many rotating backups to keep').env('POS_BACKUP_KEEP').default('12'),
    )
    .addHelpText(
      'after',
      '\nThe data dir (--data-dir or POS_DATA_DIR, default ./pos-data) holds the database, the token secret and uploads.\n' +
        'On first start an `admin` user is created once the server listens; its password is printed and kept in\n' +
        '<data dir>/initial-admin-password (owner-only) until it is changed.',
    )
    .action(async (flags: ServeFlags, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      let config: ServerConfig;
      try {
        config = validateConfig({
          ...defaults,
          dataDir: globals.dataDir,
          databaseUrl: globals.database || undefined, // an empty POS_DATABASE_URL: SQLite, as no variable
          port: Number(flags.port),
          host: flags.host,
          timezone: flags.timezone,
          locale: flags.locale as ServerConfig['locale'],
          tables: flags.tables,
          ticketReset: flags.ticketReset,
          dayStart: flags.dayStart,
          durability: flags.durability as ServerConfig['durability'],
          printing: flags.printing === 'external' ? 'off' : (flags.printing as ServerConfig['printing']),
          keepAliveMs: Number(flags.keepAlive),
          tokenTtlSeconds: parseTtl(flags.tokenTtl, '--token-ttl'),
          logLevel: flags.logLevel as ServerConfig['logLevel'],
          backup: backupSchedule(flags),
          printerProbeMs: Number(flags.printerProbe),
        });
        if (!Number.isInteger(config.printerProbeMs) || config.printerProbeMs < 100) {
          throw new ConfigError('--printer-probe must be a number of milliseconds (at least 100)');
        }
        if (!Number.isInteger(config.keepAliveMs) || config.keepAliveMs < 100) {
          throw new ConfigError('--keep-alive must be a number of milliseconds (at least 100)');
        }
      } catch (error) {
        if (error instanceof ConfigError) throw new CliError(error.message);
        throw error;
      }
      let server;
      try {
        // Loaded on demand: the server's modules would slow every other command's start.
        const { startServer } = await import('../../server/serve.js');
        server = await startServer(config);
      } catch (error) {
        if (error instanceof DataDirLockedError || error instanceof DatabaseUnreachableError) {
          throw new CliError(error.message);
        }
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'EADDRINUSE')
          throw new CliError(`port ${config.port} is already in use: choose another with --port`);
        if (code === 'EACCES')
          throw new CliError(`not allowed to listen on port ${config.port}: use a port above 1024`);
        throw error;
      }
      const { runtime, urls, initialPasswordFile } = server;
      const out = (line = '') => process.stdout.write(`${line}\n`);
      out(`pos ${runtime.app.services.version} is serving`);
      out(`  data dir    ${runtime.dataDir.root}`);
      if (runtime.storage.engine === 'postgres') out(`  database    PostgreSQL ${runtime.storage.location}`);
      out(
        `  time zone   ${config.timezone} (tickets restart at ${config.ticketReset}, business day starts at ${config.dayStart})`,
      );
      out(`  language    ${config.locale} (tickets, TV, screens; the API and the CLI stay English)`);
      // The venue's setting (pos venue set --ask-table) wins over the flag once set.
      const { getVenue } = await import('../../core/venue.js');
      const { askTable } = await getVenue(runtime.app.services.ctx, { locale: config.locale, tables: config.tables });
      const tablesBy = askTable === config.tables ? (config.tables ? '' : ', --no-tables') : ', pos venue set';
      out(
        `  tables      ${askTable ? `the till asks for a table number${tablesBy ? ` (${tablesBy.slice(2)})` : ''}` : `not asked (counter service${tablesBy})`}`,
      );
      out(
        `  printing    ${config.printing === 'on' ? 'on (this server drives the printers)' : 'off (an external print service prints)'}`,
      );
      if (config.backup)
        out(`  backups     every ${flags.backupEvery} to ${config.backup.dir} (keeping ${config.backup.keep})`);
      out('  open on a tablet:');
      for (const url of urls) out(`    ${url}`);
      if (runtime.initialAdmin) {
        out();
        out('First start: an admin user was created. Write the password down:');
        out(`  username  ${runtime.initialAdmin.username}`);
        out(`  password  ${runtime.initialAdmin.password}`);
      }
      if (initialPasswordFile) {
        if (!runtime.initialAdmin) out();
        out(`The first admin password is kept in ${initialPasswordFile} until it is changed`);
        out('  (pos users edit admin --password): then the file is deleted.');
      }
      out();
      out('Press Ctrl+C to stop.');

      let signals = 0;
      const shutdown = (signal: string) => {
        signals += 1;
        if (signals > 1) {
          process.stderr.write('forced stop\n');
          process.exit(1);
        }
        process.stdout.write(`\n${signal}: finishing requests in flight and closing the database...\n`);
        server.stop().then(
          () => {
            process.stdout.write('stopped cleanly\n');
            process.exit(0);
          },
          (error: unknown) => {
            process.stderr.write(`error while stopping: ${(error as Error).message}\n`);
            process.exit(1);
          },
        );
      };
      process.on('SIGINT', () => shutdown('SIGINT'));
      process.on('SIGTERM', () => shutdown('SIGTERM'));
    });
}
