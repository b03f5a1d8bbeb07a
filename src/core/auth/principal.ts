import type { KeyScope, Role } from '../../api/enums.js';

// The lists are part of the contract (src/api/enums.ts).
export { KEY_SCOPES, type KeyScope, ROLES, type Role } from '../../api/enums.js';

/** Who is calling: a person (or a minted token) with a role, or an unattended device with a key scope. */
export type Principal =
  | { kind: 'token'; subject: string; userId: string | null; name: string; role: Role; jti: string }
  | {
      kind: 'key';
      keyId: string;
      name: string;
      scope: KeyScope;
      /** The one station a kitchen key is tied to; null: any. */
      printerId: string | null;
    };

/** What a route allows: nobody needs credentials, or these roles / device-key scopes. */
export type Access = 'public' | { roles: readonly Role[]; scopes?: readonly KeyScope[] };

export const ADMIN: Access = { roles: ['admin'] };
export const STAFF: Access = { roles: ['admin', 'operator'] };

/** A stable string for idempotency records and audit entries. */
export function principalId(principal: Principal): string {
  return principal.kind === 'token' ? principal.subject : `key:${principal.keyId}`;
}
