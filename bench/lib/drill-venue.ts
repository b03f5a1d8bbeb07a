import { Till } from './drill-tills.js';

// The drill's venue, made through the API so that it is the same on either engine: one printer, one category,
// four foods, one register, and an operator per till; and the tills that sell its orders.

export interface DrillVenue {
  foods: string[];
  register: string;
  password: string;
}

async function api<T>(url: string, token: string, method: string, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

/** A small menu and one operator per till, through the API (the same on either engine). */
export async function seedDrillVenue(url: string, adminPassword: string, tills: number): Promise<DrillVenue> {
  const login = await fetch(`${url}/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: adminPassword }),
  });
  if (!login.ok) throw new Error(`admin login: ${login.status} ${await login.text()}`);
  const admin = ((await login.json()) as { accessToken: string }).accessToken;
  type Made = { id: string };
  const printer = await api<Made>(url, admin, 'POST', '/v1/printers', { name: 'Cucina', ip: '127.0.0.1', port: 9 });
  const category = await api<Made>(url, admin, 'POST', '/v1/categories', { name: 'Primi', printerId: printer.id });
  const foods: string[] = [];
  for (const [name, price] of [
    ['Tortelli', 9],
    ['Polenta', 6.5],
    ['Salsiccia', 7],
    ['Patatine', 3.5],
  ] as const)
    foods.push(
      (await api<Made>(url, admin, 'POST', '/v1/foods', { name, price, categoryId: category.id, available: true })).id,
    );
  const register = await api<Made>(url, admin, 'POST', '/v1/cash-registers', {
    name: 'Cassa 1',
    defaultPrinterId: printer.id,
  });
  const password = 'drill-password';
  for (let till = 0; till < tills; till++)
    await api(url, admin, 'POST', '/v1/users', { username: `till${till}`, password, role: 'operator' });
  return { foods, register: register.id, password };
}

/** The tills, each starting on server `index` of the list (round robin). */
export function drillTills(venue: DrillVenue, count: number, servers: () => readonly string[]): Till[] {
  return Array.from(
    { length: count },
    (_, index) =>
      new Till({
        index,
        servers,
        username: `till${index}`,
        password: venue.password,
        timeoutMs: 5_000,
        retryMs: 250,
        body: (key) => ({
          table: String(1 + index),
          customer: key,
          orderItems: [
            { foodId: venue.foods[index % venue.foods.length], quantity: 1 },
            { foodId: venue.foods[(index + 1) % venue.foods.length], quantity: 2 },
          ],
          confirm: { paymentMethod: index % 2 ? 'CARD' : 'CASH', cashRegisterId: venue.register },
        }),
      }),
  );
}
