// What a pickup counter's tablet keeps (localStorage, `pos.pickup.*`): the key of a `?key=` address (so a reload
// without the query still works) or the staff login.

export interface PickupSession {
  token: string;
  expiresAt: string;
  username: string;
}

function read<T>(key: string): T | null {
  try {
    const text = localStorage.getItem(`pos.pickup.${key}`);
    return text === null ? null : (JSON.parse(text) as T);
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    if (value === null) localStorage.removeItem(`pos.pickup.${key}`);
    else localStorage.setItem(`pos.pickup.${key}`, JSON.stringify(value));
  } catch {
    // a full or disabled storage: the counter still works for this page
  }
}

export function loadSession(): PickupSession | null {
  const session = read<PickupSession>('session');
  return session && Date.parse(session.expiresAt) > Date.now() ? session : null;
}
export const saveSession = (session: PickupSession | null) => write('session', session);

export const loadKey = () => read<string>('key');
export const saveKey = (key: string | null) => write('key', key);
