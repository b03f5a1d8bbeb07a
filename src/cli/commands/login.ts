import { rmSync } from 'node:fs';
import type { Command } from 'commander';
import { ApiError } from '../../client/errors.js';
import { PosClient } from '../../client/http.js';
import { CliError, userMessage } from '../errors.js';
import { connect, loadSession, resolveUrl, saveSession, sessionFile } from '../client.js';
import { formatRecord, print, printErr, printJson } from '../output.js';
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
    .description('end the session saved by pos login: the server forgets its token, this machine its file')
    .action(async () => {
      const session = loadSession();
      // Told first, so a copy of the token (a shared laptop, a backup of the home folder) is worth nothing after.
      const told = session
        ? await new PosClient({ baseUrl: session.url, token: () => session.token, timeoutMs: 5_000 }).logout().then(
            () => null,
            (error: unknown) => userMessage(error) ?? String(error),
          )
        : null;
      rmSync(sessionFile(), { force: true });
      if (told !== null && session)
        printErr(
          `the server was not told (${told}): the token stays valid there until ${new Date(session.expiresAt).toLocaleString('en-GB')}`,
        );
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
