// What a kitchen tablet keeps (localStorage, `pos.kitchen.*`): the staff login, the chosen station, the key of a
// `?station=&key=` address (so a reload without the query still works) and the items struck through per station.

export interface KitchenSession {
  token: string;
  expiresAt: string;
  username: string;
}

export interface Station {
  id: string;
  name: string;
}

function read<T>(key: string): T | null {
  try {
    const text = localStorage.getItem(`pos.kitchen.${key}`);
    return text === null ? null : (JSON.parse(text) as T);
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    if (value === null || value === undefined) localStorage.removeItem(`pos.kitchen.${key}`);
    else localStorage.setItem(`pos.kitchen.${key}`, JSON.stringify(value));
  } catch {
    // a full or disabled storage: the screen still works for this page
  }
}

export function loadSession(): KitchenSession | null {
  const session = read<KitchenSession>('session');
  return session && Date.parse(session.expiresAt) > Date.now() ? session : null;
}
export const saveSession = (session: KitchenSession | null) => write('session', session);

export const loadStation = () => read<Station>('station');
export const saveStation = (station: Station | null) => write('station', station);

/** A station opened by address with its kitchen key: `{station, key}`. */
export const loadKeyed = () => read<{ station: string; key: string }>('keyed');
export const saveKeyed = (keyed: { station: string; key: string } | null) => write('keyed', keyed);

export const loadStruck = (station: string) => new Set(read<string[]>(`struck.${station}`) ?? []);
export const saveStruck = (station: string, struck: ReadonlySet<string>) => write(`struck.${station}`, [...struck]);
