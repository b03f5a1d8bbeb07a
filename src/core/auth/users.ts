import { ConflictError, InvalidError, NotFoundError } from '../errors.js';
import { type CoreContext, reader, write } from '../context.js';
import type { Db } from '../../storage/database.js';
import type { UserRow } from '../../storage/schema.js';
import { generatePassword, hashPassword, verifyPassword } from './passwords.js';
import type { Role } from './principal.js';

export interface User {
  id: string;
  username: string;
  role: Role;
  createdAt: string;
  updatedAt: string;
}

function toUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    role: row.role,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

export async function listUsers(ctx: CoreContext): Promise<User[]> {
  const rows = await reader(ctx).selectFrom('users').selectAll().orderBy('username').execute();
  return rows.map(toUser);
}

export async function getUser(ctx: CoreContext, id: string): Promise<User> {
  const row = await reader(ctx).selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new NotFoundError('User not found');
  return toUser(row);
}

export async function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
}

async function usernameTaken(trx: Db, username: string, exceptId?: string): Promise<boolean> {
  let query = trx.selectFrom('users').select('id').where('username', '=', username);
  if (exceptId) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function createUser(
  ctx: CoreContext,
  input: { username: string; password: string; role: Role },
): Promise<User> {
  const passwordHash = await hashPassword(input.password); // slow: outside the transaction
  return write(ctx, async (trx) => {
    if (await usernameTaken(trx, input.username))
      throw new ConflictError(`Username "${input.username}" already exists`, 'name-taken');
    const now = ctx.clock.now().getTime();
    const row: UserRow = {
      id: ctx.newId(),
      username: input.username,
      password_hash: passwordHash,
      role: input.role,
      created_at: now,
      updated_at: now,
      credentials_version: 0,
    };
    await trx.insertInto('users').values(row).execute();
    return toUser(row);
  });
}

async function adminCount(trx: Db): Promise<number> {
  const row = await trx
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('role', '=', 'admin')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function updateUser(
  ctx: CoreContext,
  id: string,
  input: { password?: string | undefined; role?: Role | undefined },
): Promise<User> {
  if (input.password === undefined && input.role === undefined) {
    throw new InvalidError('Nothing to change: give a password, a role, or both');
  }
  const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password);
  return write(ctx, async (trx) => {
    const row = await trx.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw new NotFoundError('User not found');
    if (input.role === 'operator' && row.role === 'admin' && (await adminCount(trx)) <= 1) {
      throw new ConflictError('The last admin cannot be demoted: make another user admin first', 'in-use');
    }
    const role = input.role ?? row.role;
    // A new password, or another role, voids every token issued before (authenticate.ts compares the version).
    const credentialsChanged = passwordHash !== undefined || role !== row.role;
    const updated: UserRow = {
      ...row,
      role,
      password_hash: passwordHash ?? row.password_hash,
      updated_at: ctx.clock.now().getTime(),
      credentials_version: row.credentials_version + (credentialsChanged ? 1 : 0),
    };
    await trx.updateTable('users').set(updated).where('id', '=', id).execute();
    return toUser(updated);
  });
}

export async function deleteUser(ctx: CoreContext, id: string): Promise<User> {
  return write(ctx, async (trx) => {
    const row = await trx.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw new NotFoundError('User not found');
    if (row.role === 'admin' && (await adminCount(trx)) <= 1) {
      throw new ConflictError('The last admin cannot be deleted: make another user admin first', 'in-use');
    }
    await trx.deleteFrom('users').where('id', '=', id).execute();
    return toUser(row);
  });
}

/**
 * On first start there is nobody to log in as: create `admin` with a random password. `keep` is handed the password
 * before the user exists, so that a crash in between cannot leave an admin whose password nobody has.
 */
export async function ensureInitialAdmin(
  ctx: CoreContext,
  keep: (password: string) => void = () => {},
): Promise<{ username: string; password: string } | null> {
  const existing = await reader(ctx).selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (existing) return null;
  const password = generatePassword();
  keep(password);
  await createUser(ctx, { username: 'admin', password, role: 'admin' });
  return { username: 'admin', password };
}

/** Whether `password` still logs in the first user ever made (the initial admin): not once changed, nor deleted. */
export async function isInitialAdminPassword(ctx: CoreContext, password: string): Promise<boolean> {
  const first = await reader(ctx)
    .selectFrom('users')
    .select('password_hash')
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return first !== undefined && (await verifyPassword(password, first.password_hash));
}
