import { type Command, Option } from 'commander';
import { ROLES, type Role } from '../../api/enums.js';
import { systemClock } from '../../core/clock.js';
import { existsSync } from 'node:fs';
import { readSecret, resolveDataDir } from '../../storage/data-dir.js';
import { CliError } from '../errors.js';
import { print, printJson } from '../output.js';
import type { GlobalOptions } from '../program.js';

export function registerToken(program: Command): void {
  const token = program
    .command('token')
    .description('mint or revoke access tokens offline, from the data dir (no server needed)');

  token
    .command('create')
    .description('print a new access token signed with the data dir secret (only the token, on stdout)')
    .addOption(new Option('--role <role>', 'role of the token').choices(ROLES).makeOptionMandatory())
    .option('--name <name>', 'who or what the token is for (shown in audit entries)', 'cli')
    .option('--ttl <duration>', 'lifetime, such as 30m, 12h or 7d', '12h')
    .action(async (flags: { role: Role; name: string; ttl: string }, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      const ttlSeconds = await parseTtlOrFail(flags.ttl);
      const { TokenService } = await import('../../core/auth/tokens.js');
      const dir = resolveDataDir(globals.dataDir);
      // A mistyped --data-dir must not quietly get a secret of its own and a token no server accepts.
      const secret = readSecret(dir);
      if (!secret) throw new CliError(notADataDir(dir.root));
      const service = new TokenService(secret, systemClock);
      const issued = await service.issue({
        subject: `token:${flags.name}`,
        userId: null,
        name: flags.name,
        role: flags.role,
        ttlSeconds,
      });
      if (globals.json) printJson({ token: issued.token, jti: issued.jti, expiresAt: issued.expiresAt.toISOString() });
      else print(issued.token);
    });

  token
    .command('revoke')
    .description('make a token invalid from now on (give the token itself or its id, the jti claim)')
    .argument('<token-or-jti>', 'the token, or its jti')
    .action(async (value: string, _flags: unknown, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      // Modules loaded on demand keep `pos --help` and every other command quick to start.
      const { TokenService } = await import('../../core/auth/tokens.js');
      const jti = value.includes('.') ? TokenService.peekJti(value) : value;
      // Every token pos signs has a jti of 16 characters: anything else (a token cut short when it was pasted, a
      // typo) would be "revoked" while the real token stayed valid.
      if (!jti || !/^[A-Za-z0-9_-]{16}$/.test(jti))
        throw new CliError('that is not a pos token: give the whole token as printed, or its jti (16 characters)');
      const dir = resolveDataDir(globals.dataDir);
      if (!globals.database && !existsSync(dir.database)) throw new CliError(notADataDir(dir.root));
      // Written straight into the database: a running server checks revocations on every request.
      const [
        { openLocalStorage },
        { migrate },
        { revokeToken },
        { CommitSignal, storagePort },
        { cuid },
        { VenueClock, machineTimezone },
      ] = await Promise.all([
        import('../local-storage.js'),
        import('../../storage/migrate.js'),
        import('../../core/auth/authenticate.js'),
        import('../../core/context.js'),
        import('../../core/ids.js'),
        import('../../core/venue-time.js'),
      ]);
      const storage = await openLocalStorage(globals, dir);
      try {
        await migrate(storage);
        const ctx = {
          storage: storagePort(storage),
          clock: systemClock,
          newId: cuid,
          venue: new VenueClock({ timezone: machineTimezone(), ticketReset: '12:00', dayStart: '07:00' }),
          committed: new CommitSignal(),
          printJobs: false,
        };
        await revokeToken(ctx, jti, null);
      } finally {
        await storage.close();
      }
      if (globals.json) printJson({ revoked: jti });
      else print(`revoked ${jti}`);
    });
}

const notADataDir = (root: string) =>
  `${root} is not the data dir of a pos server (no token secret or database there): check --data-dir or POS_DATA_DIR; ` +
  '`pos serve` creates them on its first start';

async function parseTtlOrFail(value: string): Promise<number> {
  const { parseTtl } = await import('../../config.js');
  try {
    return parseTtl(value);
  } catch (error) {
    throw new CliError((error as Error).message);
  }
}
