import { z } from 'zod';
import { cuid, text } from './common.js';
import { KEY_SCOPES, ROLES } from './enums.js';

export const Role = z.enum(ROLES);
export const KeyScope = z.enum(KEY_SCOPES);

export const LoginInput = z.object({
  username: z.string().min(1).max(100),
  password: z.string().min(1).max(200),
});

export const User = z.object({
  id: z.string(),
  username: z.string(),
  role: Role,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type User = z.infer<typeof User>;

export const LoginResponse = z.object({
  accessToken: z.string(),
  tokenType: z.literal('Bearer'),
  expiresAt: z.string(),
  user: z.object({ id: z.string(), username: z.string(), role: Role }),
});

/** The caller as `GET /v1/auth/me` shows it: a person (token) or a device (key). */
export const Me = z.union([
  z.object({
    kind: z.literal('token'),
    id: z.string().nullable(),
    username: z.string(),
    role: Role,
    expiresAt: z.string().optional(),
  }),
  z.object({ kind: z.literal('key'), id: z.string(), name: z.string(), scope: KeyScope }),
]);

const username = z
  .string()
  .trim()
  .min(1)
  .max(50)
  .regex(/^[A-Za-z0-9._-]+$/, 'may contain only letters, digits, dot, dash and underscore');
const password = z.string().min(8, 'must be at least 8 characters').max(200);

export const UserInput = z.object({ username, password, role: Role });
export const UserPatch = z.object({ password: password.optional(), role: Role.optional() });

export const ApiKey = z.object({
  id: z.string(),
  name: z.string(),
  scope: KeyScope,
  /** The one station a kitchen key is tied to (it sees and moves that station only); null: not tied. */
  printerId: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export const ApiKeyCreated = z.object({
  id: z.string(),
  name: z.string(),
  scope: KeyScope,
  printerId: z.string().nullable(),
  key: z.string(),
  createdAt: z.string(),
});
export const ApiKeyInput = z
  .object({
    name: text(100),
    scope: KeyScope,
    /** A kitchen key only: the station (printer) it is tied to. */
    printerId: cuid.optional(),
  })
  .refine((input) => input.printerId === undefined || input.scope === 'kitchen', {
    message: 'only a kitchen key can be tied to a station',
    path: ['printerId'],
  });
