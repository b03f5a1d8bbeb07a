import t from 'tap';
import { ordersPage, pageFooter, SERVER_LIMIT } from '../../src/cli/order-pages.js';

// A stand-in for the server's GET /v1/orders: `limit` at most 100 (400 otherwise), pages from 1, newest first.
function server(count: number) {
  const all = Array.from({ length: count }, (_, i) => ({ id: count - i }));
  const requests: Array<{ page: number; limit: number }> = [];
  return {
    requests,
    async orders(query: { page?: number | string; limit?: number | string } = {}) {
      const page = Number(query.page ?? 1);
      const limit = Number(query.limit ?? 20);
      if (limit > SERVER_LIMIT) throw new Error('400: limit must be at most 100');
      requests.push({ page, limit });
      return {
        orders: all.slice((page - 1) * limit, page * limit),
        pagination: { currentPage: page, totalItems: count, totalPages: Math.ceil(count / limit) },
      } as never;
    },
  };
}

t.test('a page bigger than the server sends is gathered from its pages of 100', async (t) => {
  const api = server(250);
  const page = await ordersPage(api, {}, 1, 150);
  t.same(
    page.orders.map((o) => o.id),
    Array.from({ length: 150 }, (_, i) => 250 - i),
    'orders 1-150, newest first',
  );
  t.same(page.pagination, { currentPage: 1, totalItems: 250, totalPages: 2 });
  t.equal(pageFooter(page), 'orders 1-150 of 250 (page 1 of 2); next: --page 2 --limit 150, or --all for every one');
  const second = await ordersPage(api, {}, 2, 150);
  t.same(
    second.orders.map((o) => o.id),
    Array.from({ length: 100 }, (_, i) => 100 - i),
    'orders 151-250',
  );
  t.equal(pageFooter(second), 'orders 151-250 of 250 (page 2 of 2)', 'the last page says no more');
});

t.test('--all reads every page, once each', async (t) => {
  const api = server(250);
  const all = await ordersPage(api, {}, 1, 'all');
  t.equal(all.orders.length, 250);
  t.equal(new Set(all.orders.map((o) => o.id)).size, 250);
  t.same(api.requests, [
    { page: 1, limit: 100 },
    { page: 2, limit: 100 },
    { page: 3, limit: 100 },
  ]);
  t.equal(pageFooter(all), '250 orders');
});

t.test('pages of up to 100 are one request, and the footer says how to go on', async (t) => {
  const api = server(45);
  const page = await ordersPage(api, {}, 1, 20);
  t.same(api.requests, [{ page: 1, limit: 20 }]);
  t.equal(pageFooter(page), 'orders 1-20 of 45 (page 1 of 3); next: --page 2, or --all for every one');
  t.equal(pageFooter(await ordersPage(api, {}, 3, 20)), 'orders 41-45 of 45 (page 3 of 3)');
  t.equal(pageFooter(await ordersPage(server(0), {}, 1, 20)), '0 orders');
});
