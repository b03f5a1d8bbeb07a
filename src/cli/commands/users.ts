import type { Command } from 'commander';
import { UserInput } from '../../api/auth.js';
import { CliError } from '../errors.js';
import { flagsOf } from '../field-flags.js';
import { askPassword, readStdin } from '../prompt.js';
import { type FieldFlag, registerResource } from '../resource-command.js';

const { text } = flagsOf('/v1/users');

/** `pos users`: the people who log in. A password is asked for (or read from stdin), never given as a flag. */
export function registerUsers(program: Command): void {
  // The password flags choose how the password is read: they set nothing of the body themselves.
  const passwordFlag = (flags: string, description: string): FieldFlag<'/v1/users'> => ({
    flags,
    description,
    apply: () => {},
  });
  registerResource(program, {
    command: 'users',
    what: 'user',
    path: '/v1/users',
    nameOf: (r) => r.username,
    nameLabel: 'username',
    description: 'people who log in (admins and operators)',
    columns: [
      { header: 'id', value: (r) => r.id },
      { header: 'username', value: (r) => r.username },
      { header: 'role', value: (r) => r.role },
    ],
    fields: [
      text('--username <name>', 'login name', 'username', true),
      text('--role <role>', 'admin or operator', 'role'),
      passwordFlag('--password-stdin', 'read the new password from standard input'),
      passwordFlag('--password', 'ask for a new password'),
    ],
    toPatch: ({ role, password }) => ({ role, password }),
    beforeSend: async (body, flags, editing) => {
      const fromStdin = flags['passwordStdin'] === true;
      if (!editing) body.role ??= 'operator';
      if (!editing || fromStdin || flags['password'] === true) body.password = await newPassword(fromStdin);
    },
    examples:
      '  pos users add --username anna --role operator          # asks for the password\n  echo "$PW" | pos users edit anna --password-stdin',
  });
}

/** The server's rule for passwords, in words (from the same schema the server checks). */
function passwordRule(): string {
  const { minLength, maxLength } = UserInput.shape.password;
  return `at least ${minLength} characters${maxLength === null ? '' : ` (at most ${maxLength})`}`;
}

/**
 * A new password: the rule is said before it is typed, and a typed one is asked twice (nobody sees what they type, so
 * a slip would lock the volunteer out). Checked here so a mistake costs no request and changes nothing.
 */
async function newPassword(fromStdin: boolean): Promise<string> {
  const rule = passwordRule();
  let password: string;
  if (fromStdin) password = await readStdin();
  else {
    process.stderr.write(`The password needs ${rule}.\n`);
    password = await askPassword('New password: ');
    if (UserInput.shape.password.safeParse(password).success) {
      const again = await askPassword('Type it again: ');
      if (again !== password) throw new CliError('the two passwords are not the same: nothing was changed, try again');
    }
  }
  if (!UserInput.shape.password.safeParse(password).success)
    throw new CliError(`the password needs ${rule}: nothing was changed`);
  return password;
}
