import type { TestApp } from './app.js';

// A menu for portion counts, made through the API like an admin does before the evening: the porchetta is an
// ingredient shared by the sandwich and the plate; the chips count their own portions; the beer is not counted.

export interface StockMenu {
  category: string;
  porchetta: string;
  panino: string;
  piatto: string;
  patatine: string;
  birra: string;
}

async function post(app: TestApp, url: string, body: unknown): Promise<{ id: string }> {
  const response = await app.request({ method: 'POST', url, body });
  if (response.statusCode !== 201) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return response.json();
}

export async function stockMenu(
  app: TestApp,
  counts: { porchetta?: number | null; patatine?: number | null } = {},
): Promise<StockMenu> {
  const category = (await post(app, '/v1/categories', { name: 'Panini' })).id;
  const porchetta = (
    await post(app, '/v1/ingredients', {
      name: 'Porchetta',
      stock: counts.porchetta === undefined ? 10 : counts.porchetta,
    })
  ).id;
  const food = async (name: string, extra: Record<string, unknown>) =>
    (await post(app, '/v1/foods', { name, price: 6, categoryId: category, available: true, ...extra })).id;
  return {
    category,
    porchetta,
    panino: await food('Panino con porchetta', { ingredients: [{ id: porchetta }] }),
    piatto: await food('Piatto di porchetta', { ingredients: [{ id: porchetta }] }),
    patatine: await food('Patatine', { stock: counts.patatine === undefined ? 5 : counts.patatine }),
    birra: await food('Birra', {}),
  };
}

/** What the admin's GET /v1/foods/{id} says about a food's portions and availability. */
export async function foodNow(
  app: TestApp,
  id: string,
): Promise<{ stock: number | null; portionsLeft: number | null; available: boolean }> {
  const food = (await app.request({ method: 'GET', url: `/v1/foods/${id}` })).json();
  return { stock: food.stock, portionsLeft: food.portionsLeft, available: food.available };
}

export async function ingredientStock(app: TestApp, id: string): Promise<number | null> {
  return (await app.request({ method: 'GET', url: `/v1/ingredients/${id}` })).json().stock;
}

export function lines(...items: Array<[foodId: string, quantity: number]>) {
  return items.map(([foodId, quantity]) => ({ foodId, quantity }));
}

/** POST /v1/orders as a cashier; `confirm` pays at once (in cash at no register, or as given). */
export async function order(
  app: TestApp,
  items: Array<{ foodId: string; quantity: number }>,
  confirm: boolean | Record<string, unknown> = true,
) {
  const payment = confirm === true ? { paymentMethod: 'CASH' } : confirm;
  return app.request({
    method: 'POST',
    url: '/v1/orders',
    as: 'operator',
    body: { table: '7', customer: 'Bianchi', orderItems: items, ...(payment ? { confirm: payment } : {}) },
  });
}
