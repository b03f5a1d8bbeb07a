import '../shared/test-dom.js';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import t from 'tap';
import { PosClient } from '../../client/index.js';
import { texts, TextsContext } from '../shared/locale.js';
import { DrawerCloseDialog } from './DrawerCloseDialog.js';
import { DrawerOpenDialog } from './DrawerOpenDialog.js';

// The drawer's dialogs against a fake server: what they show and what they send.

t.afterEach(() => cleanup());

const openSession = {
  id: 's1',
  cashRegisterId: 'r1',
  cashRegisterName: 'Cassa 1',
  userId: null,
  userName: 'mario',
  float: 100,
  openedAt: '2026-11-21T17:00:00.000Z',
  status: 'open',
  orders: 3,
  cashSales: 12.5,
  cashRefunds: 0,
  expectedCash: 112.5,
  cardSales: 8.5,
  cardRefunds: 0,
  counted: null,
  denominations: null,
  difference: null,
  cardTerminalTotal: null,
  cardDifference: null,
  note: null,
  closedAt: null,
  closedBy: null,
  closedByName: null,
};

function fakeServer(answer: (method: string, url: string, body: unknown) => [number, unknown]) {
  const sent: Array<{ method: string; url: string; body: unknown; key: string | null }> = [];
  const client = new PosClient({
    baseUrl: 'http://till.test',
    token: () => 'token',
    fetch: async (input, init) => {
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      const headers = (init?.headers ?? {}) as Record<string, string>;
      sent.push({ method: init?.method ?? 'GET', url: String(input), body, key: headers['idempotency-key'] ?? null });
      const [status, json] = answer(init?.method ?? 'GET', String(input), body);
      return new Response(JSON.stringify(json), { status, headers: { 'content-type': 'application/json' } });
    },
  });
  return { client, sent };
}

t.test('counting the drawer: expected against counted, the difference in words, the count sent by coin', async (t) => {
  const { client, sent } = fakeServer((method) =>
    method === 'GET'
      ? [200, [openSession]]
      : [200, { ...openSession, status: 'closed', counted: 112, difference: -0.5, closedAt: 'x', closedBy: 'u' }],
  );
  let closed = false;
  render(
    <DrawerCloseDialog
      client={client}
      registerId="r1"
      onBack={() => undefined}
      onClosed={() => (closed = true)}
      onUnauthorized={() => undefined}
    />,
  );
  const dialog = await screen.findByRole('dialog', { name: 'Close the drawer' });
  await waitFor(() => screen.getByRole('button', { name: 'Add €50.00' }));
  t.match(dialog.textContent, /Expected €112\.50/);
  t.equal(screen.getByRole('status', { name: 'Difference' }).textContent, 'Short by €112.50', 'nothing counted yet');
  for (const name of ['Add €50.00', 'Add €50.00', 'Add €10.00', 'Add €2.00', 'Add €2.00', 'Add €5.00']) {
    fireEvent.click(screen.getByRole('button', { name }));
  }
  fireEvent.click(screen.getByRole('button', { name: 'Take off €5.00' }));
  t.match(dialog.textContent, /Counted €114\.00/);
  t.equal(screen.getByRole('status', { name: 'Difference' }).textContent, 'Over by €1.50');
  fireEvent.change(screen.getByRole('textbox', { name: 'Coins under € 1' }), { target: { value: '0,50' } });
  fireEvent.change(screen.getByRole('textbox', { name: 'Card terminal total (optional)' }), {
    target: { value: '8,50' },
  });
  t.equal(screen.getByRole('status', { name: 'Difference' }).textContent, 'Over by €2.00');
  fireEvent.click(screen.getByRole('button', { name: 'Close the drawer' }));
  await screen.findByText(/Drawer closed: the handover slip is printing/);
  const close = sent.find((request) => request.method === 'POST');
  t.match(close?.url, /\/v1\/cash-registers\/r1\/sessions\/current\/close$/);
  t.same(close?.body, { denominations: { '50': 2, '10': 1, '2': 2, '0.01': 50 }, cardTerminalTotal: 8.5 });
  t.match(close?.key, /^till-/, 'with an Idempotency-Key');
  fireEvent.click(screen.getByRole('button', { name: 'Done' }));
  t.ok(closed);
});

t.test('no drawer open: said, and nothing to close', async (t) => {
  const { client } = fakeServer(() => [200, []]);
  render(
    <DrawerCloseDialog
      client={client}
      registerId="r1"
      onBack={() => undefined}
      onClosed={() => undefined}
      onUnauthorized={() => undefined}
    />,
  );
  t.equal((await screen.findByRole('alert')).textContent, 'No drawer is open on this register.');
  t.ok((screen.getByRole('button', { name: 'Close the drawer' }) as HTMLButtonElement).disabled);
});

t.test('opening the drawer: a quick float or a typed one, or not now', async (t) => {
  const { client, sent } = fakeServer(() => [201, { ...openSession, float: 150 }]);
  let opened = false;
  let skipped = false;
  render(
    <DrawerOpenDialog
      client={client}
      registerId="r1"
      onOpened={() => (opened = true)}
      onSkip={() => (skipped = true)}
      onUnauthorized={() => undefined}
    />,
  );
  fireEvent.click(screen.getByRole('button', { name: '€150.00' }));
  fireEvent.change(screen.getByRole('textbox', { name: 'Float' }), { target: { value: '152,50' } });
  fireEvent.click(screen.getByRole('button', { name: 'Open the drawer €152.50' }));
  await waitFor(() => {
    if (!opened) throw new Error('not opened yet');
  });
  t.ok(opened, 'opened');
  t.same(sent[0]?.body, { float: 152.5 });
  fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
  t.ok(skipped);
});

t.test('a drawer another tablet opened meanwhile counts as opened', async (t) => {
  const { client } = fakeServer(() => [
    409,
    { statusCode: 409, code: 'session-open', error: 'Conflict', message: 'x' },
  ]);
  let opened = false;
  render(
    <DrawerOpenDialog
      client={client}
      registerId="r1"
      onOpened={() => (opened = true)}
      onSkip={() => undefined}
      onUnauthorized={() => undefined}
    />,
  );
  fireEvent.click(screen.getByRole('button', { name: /^Open the drawer/ }));
  await waitFor(() => {
    if (!opened) throw new Error('not opened yet');
  });
  t.ok(opened, 'opened');
});

t.test('in Italian: the keys, the figures and the words', async (t) => {
  const { client } = fakeServer(() => [200, [openSession]]);
  render(
    <TextsContext.Provider value={texts('it')}>
      <DrawerCloseDialog
        client={client}
        registerId="r1"
        onBack={() => undefined}
        onClosed={() => undefined}
        onUnauthorized={() => undefined}
      />
    </TextsContext.Provider>,
  );
  const dialog = await screen.findByRole('dialog', { name: 'Chiudi il cassetto' });
  const fifty = await screen.findByRole('button', { name: /^Aggiungi €\s50,00$/ });
  fireEvent.click(fifty);
  fireEvent.click(fifty);
  fireEvent.click(screen.getByRole('button', { name: /^Aggiungi €\s20,00$/ }));
  t.match(dialog.textContent, /Attesi €\s112,50/);
  t.match(dialog.textContent, /Contati €\s120,00/);
  t.equal(screen.getByRole('status', { name: 'Differenza' }).textContent?.replace(/\s/g, ' '), 'Ci sono € 7,50 in più');
});
