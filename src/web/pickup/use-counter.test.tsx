import '../shared/test-dom.js';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import t from 'tap';
import type { PickupOrder, PickupState } from '../../api/pickup.js';
import { PosClient } from '../../client/index.js';
import { texts } from '../shared/locale.js';
import { useCounter } from './use-counter.js';

// The counter's life against a server answered in the test (fetch replaced): a scan hands out the ready order and
// offers its undo; a tap on an order another counter handed out meanwhile says so; without the server the tile comes
// back with "not sent"; a 401 sends the page back to its login.

const order = (id: number, code: string, stations: PickupOrder['stations'] = []): PickupOrder => ({
  id,
  ticketNumber: id,
  displayCode: code,
  customer: 'Rossi',
  since: '2026-11-21T19:00:00.000Z',
  stations,
});

interface Server {
  state: PickupState;
  calls: string[];
  patch(id: number, status: string): Response | Promise<Response>;
}

function serve(server: Server) {
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const original = globalThis.fetch;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    if (url.pathname === '/v1/pickup/state') return json(server.state);
    if (url.pathname === '/events/display') {
      // A live stream that says nothing: the counter is "live" and reads the state only when told.
      // It ends when the page lets it go (unmounted), as a real stream does.
      const body = new ReadableStream({
        start(controller) {
          init?.signal?.addEventListener('abort', () => controller.error(new Error('aborted')));
        },
      });
      return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
    }
    const id = Number(/^\/v1\/orders\/(\d+)$/.exec(url.pathname)?.[1]);
    const status = (JSON.parse(String(init?.body)) as { status: string }).status;
    server.calls.push(`${init?.method} ${id} ${status}`);
    return server.patch(id, status);
  }) as typeof fetch;
  return () => {
    globalThis.fetch = original;
  };
}

const ok = (record: Partial<PickupOrder> & { status: string }) =>
  new Response(JSON.stringify(record), { status: 200, headers: { 'content-type': 'application/json' } });

function mount(refusals: string[] = []) {
  const client = new PosClient({ baseUrl: 'http://127.0.0.1:9', token: () => 'posk_pickup_test' });
  return renderHook(() => useCounter(client, texts('en'), () => refusals.push('refused')));
}

t.afterEach(() => cleanup());

t.test('a scanned code hands the ready order out, with its undo', async (t) => {
  const server: Server = {
    state: {
      ready: [order(1, 'K7P'), order(2, 'A2B')],
      preparing: [order(3, 'C3D', [{ printerId: 'b', name: 'Bar', status: 'DONE', doneAt: null }])],
      pickedUp: [],
      lastEventId: 4,
    },
    calls: [],
    patch: (id, status) => ok({ id, status: status.toUpperCase() }),
  };
  t.teardown(serve(server));
  const { result } = mount();
  await waitFor(() => {
    if (result.current.ready.length !== 2) throw new Error('not loaded');
  });
  await act(() => result.current.scan(' k7p '));
  t.same(server.calls, ['PATCH 1 picked_up']);
  t.equal(result.current.message?.text, 'K7P picked up');
  t.equal(result.current.message?.tone, 'ok');
  t.same(
    result.current.ready.map((o) => o.id),
    [2],
    'the tile goes at once',
  );
  t.same(
    result.current.undos.map((u) => u.order.displayCode),
    ['K7P'],
  );

  server.state = { ...server.state, ready: [order(2, 'A2B')], pickedUp: [order(1, 'K7P')] };
  await act(() => result.current.scan('C3D'));
  t.equal(result.current.message?.text, 'not ready: Bar 1 of 1 done');
  t.equal(result.current.message?.tone, 'refused');
  await act(() => result.current.scan('K7P'));
  t.equal(result.current.message?.text, 'already picked up');
  await act(() => result.current.scan('Z1Z'));
  t.equal(result.current.message?.text, 'unknown code', 'not even a code');

  server.state = { ...server.state, ready: [order(1, 'K7P'), order(2, 'A2B')], pickedUp: [] };
  await act(() => result.current.undo(order(1, 'K7P')));
  t.same(server.calls.at(-1), 'PATCH 1 completed');
  t.equal(result.current.message?.text, 'K7P is back among the ready ones');
  t.same(result.current.undos, []);
  await waitFor(() => {
    if (result.current.ready.length !== 2) throw new Error('the tile is not back');
  });
});

t.test('a tile another counter handed out meanwhile, and a server out of reach', async (t) => {
  const server: Server = {
    state: { ready: [order(1, 'K7P'), order(2, 'A2B')], preparing: [], pickedUp: [], lastEventId: 4 },
    calls: [],
    patch: () => {
      server.state = { ...server.state, ready: [order(2, 'A2B')], pickedUp: [order(1, 'K7P')] };
      return new Response(JSON.stringify({ statusCode: 403, code: 'forbidden', error: 'Forbidden', message: 'x' }), {
        status: 403,
        headers: { 'content-type': 'application/json' },
      });
    },
  };
  t.teardown(serve(server));
  const { result } = mount();
  await waitFor(() => {
    if (result.current.ready.length !== 2) throw new Error('not loaded');
  });
  await act(() => result.current.handOut(order(1, 'K7P')));
  t.equal(result.current.message?.text, 'already picked up', 'said as for a scan, not "this account may not"');
  t.same(result.current.undos, [], 'nothing to undo');

  server.patch = () => {
    throw new TypeError('fetch failed');
  };
  await act(() => result.current.handOut(order(2, 'A2B')));
  t.equal(result.current.message?.text, 'Not sent: the server cannot be reached. Try again.');
  t.same(
    result.current.ready.map((o) => o.id),
    [2],
    'the tile is back',
  );
});

t.test('a key refused (401) sends the page back to its login', async (t) => {
  const original = globalThis.fetch;
  globalThis.fetch = (async () =>
    new Response(JSON.stringify({ statusCode: 401, code: 'unauthorized', error: 'Unauthorized', message: 'x' }), {
      status: 401,
      headers: { 'content-type': 'application/json' },
    })) as typeof fetch;
  t.teardown(() => {
    globalThis.fetch = original;
  });
  const refusals: string[] = [];
  mount(refusals);
  await waitFor(() => {
    if (refusals.length === 0) throw new Error('not refused yet');
  });
  t.ok(refusals.length > 0);
});
