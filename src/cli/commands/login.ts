import { rmSync } from 'node:fs';
import type { Command } from 'commander';
import { ApiError } from '../../client/errors.js';
import { PosClient } from '../../client/http.js';
import { CliError } from '../errors.js';
import { resolveUrl, saveSession, sessionFile, connect } from '../client.js';
import { formatRecord, print, printJson } from '../output.js';
import type { GlobalOptions } from '../program.js';
import { ask, askPassword, readStdin } from '../prompt.js';

export function registerLogin(program: Command): void {
  program
    .command('login')
    .description('log in to a pos server; later commands use the session (kept in ~/.config/pos, owner-only)')
    .option('--username <name>', 'user name (asked when not given)')
    .option('--password-stdin', 'read the password from standard input instead of asking')
    .addHelpText('after', '\nExample:\n  pos login --url http://192.168.1.20:4300 --username anna')
    .action(async (flags: { username?: string; passwordStdin?: boolean }, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      const url = resolveUrl(globals);
      const username = flags.username ?? (await ask('Username: '));
      const password = flags.passwordStdin ? await readStdin() : await askPassword('Password: ');
      const result = await new PosClient({ baseUrl: url }).login({ username, password }).catch((error: unknown) => {
        // A refused login is a wrong name or password, not a session to renew ("log in again" is this command).
        if (error instanceof ApiError && error.code === 'unauthorized')
          throw new CliError(`wrong username or password for ${username} at ${url}`);
        throw error;
      });
      saveSession({ url, token: result.accessToken, expiresAt: result.expiresAt, username: result.user.username });
      if (globals.json) return printJson({ url, user: result.user, expiresAt: result.expiresAt });
      print(
        `logged in to ${url} as ${result.user.username} (${result.user.role}) until ${new Date(result.expiresAt).toLocaleString('en-GB')}`,
      );
    });

  program
    .command('logout')
    .description('forget the session saved by pos login')
    .action(() => {
      rmSync(sessionFile(), { force: true });
      print('logged out');
    });

  program
    .command('whoami')
    .description('show who the CLI acts as, and on which server')
    .action(async (_flags: unknown, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      const client = await connect(globals);
      const me = await client.me();
      if (globals.json) return printJson({ url: client.baseUrl, ...me });
      print(
        formatRecord([
          ['server', client.baseUrl],
          ...Object.entries(me).map(([key, value]): [string, string | null] => [
            key,
            value === null ? null : String(value),
          ]),
        ]),
      );
    });
}
