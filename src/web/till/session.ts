import { readLocal, writeLocal } from './storage.js';

// The cashier's token stays on the tablet until it expires (docs/till.md, "A session that ends").

export interface Session {
  token: string;
  expiresAt: string;
  user: { id: string; username: string; role: string };
}

export interface Register {
  id: string;
  name: string;
  /** The categories its till shows; null or absent (saved by an older till): all. */
  categoryIds?: string[] | null;
}

export function loadSession(): Session | null {
  const session = readLocal<Session>('session');
  return session && new Date(session.expiresAt).getTime() > Date.now() ? session : null;
}

export function saveSession(session: Session | null): void {
  writeLocal('session', session);
}

export function loadRegister(): Register | null {
  return readLocal<Register>('register');
}

export function saveRegister(register: Register | null): void {
  writeLocal('register', register);
}
