import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { openStorage } from '../../src/storage/database.js';
import { tempDir } from '../helpers/app.js';
import { seedMenuRows } from '../helpers/seed.js';
import { runPosInProcess } from '../helpers/cli.js';
import { POS_BIN, startRealServer } from '../helpers/server.js';
import { sleep, waitFor } from '../helpers/wait.js';
import { hasTmux, privateTmux } from '../helpers/tmux.js';
import { PACKAGE_ROOT } from '../../src/version.js';

t.test('pos dashboard in a real terminal: orders appear live and move with the keyboard', async (t) => {
  if (!hasTmux) {
    if (process.env['CI']) throw new Error('tmux is missing: .ci/run installs it before the tests');
    t.comment('SKIPPED: no tmux on this machine (apt-get install tmux); in CI this is a failure');
    return;
  }
  const dataDir = tempDir(t);
  const server = await startRealServer(t, dataDir);
  const storage = openStorage(join(dataDir, 'pos.db'));
  const menu = await seedMenuRows(storage.db, Date.now());
  await storage.close();
  const token = (await runPosInProcess(['token', 'create', '--role', 'admin', '--data-dir', dataDir])).stdout.trim();
  const api = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return (await response.json()) as Record<string, any>;
  };
  const session = `pos-dashboard-${process.pid}`;
  const terminal = privateTmux(t);
  const { tmux } = terminal;
  // Ink draws nothing live when it sees CI set (it assumes a log, not a terminal); a venue laptop never has it.
  terminal.open(
    session,
    80,
    24,
    `env -u CI -u NODE_OPTIONS POS_URL=${server.url} POS_TOKEN=${token} ${process.execPath} ${POS_BIN} dashboard`,
  );
  // Everything the dashboard writes to the terminal, to check how it draws (not only what the screen shows).
  const recording = join(tempDir(t), 'terminal.bytes');
  tmux('pipe-pane', '-o', '-t', session, `cat >> ${recording}`);
  const written = () => (existsSync(recording) ? readFileSync(recording, 'latin1') : '');
  const screen = () => tmux('capture-pane', '-p', '-t', session);
  const shows = async (what: string, check: (text: string) => boolean) =>
    (
      await waitFor(
        `the screen to show ${what}`,
        () => {
          const text = screen();
          return check(text) ? { text } : null;
        },
        { timeoutMs: 15_000, intervalMs: 100, detail: screen },
      )
    ).text;

  // Loaded: live, and the printers (which come with the first snapshot) are listed; every key in the footer.
  let text = await shows('the loaded live board', (text) => / live( |$)/m.test(text) && text.includes('printers: Bar'));
  t.match(text, /n next.*i items.*r reprint.*t register.*\/ find {2}q quit/, 'the whole footer fits 80 columns');
  const drawnBeforeRush = written().length;
  const sell = (customer: string, confirm: boolean) =>
    api('POST', '/v1/orders', {
      table: '4',
      customer,
      orderItems: [{ foodId: menu.foods.margherita, quantity: 1 }],
      ...(confirm ? { confirm: { paymentMethod: 'CASH', cashRegisterId: menu.register } } : {}),
    });
  const rossi = await sell('Rossi', true);
  const bianchi = await sell('Bianchi', true);
  const verdi = await sell('Verdi', false);
  text = await shows(
    'three orders with their details',
    (s) => s.includes('In the kitchen (2)') && s.includes('Pending (1)') && s.includes(' Bian') && s.includes(' Rossi'),
  );
  t.match(
    text,
    new RegExp(`#1 ${rossi['displayCode']} 4 Rossi[^\n]*\n[^\n]*#2 ${bianchi['displayCode']} 4 Bian`),
    `the oldest first, named as on the TV:\n${text}`,
  );
  // "today", or "since yesterday" when the test's business day (it began half a day ago) began before midnight.
  await shows('the figures updated', (s) => /(today|since yesterday) 2 orders/.test(s));

  // A rush of ten sales a second is drawn in place: no frame clears the whole screen (that flashes on terminals
  // without synchronized output, and wipes the scroll-back).
  for (let i = 0; i < 20; i++) {
    const started = Date.now();
    await sell(`Rush ${i}`, true);
    await sleep(Math.max(0, 100 - (Date.now() - started))); // paces the rush
  }
  await shows('the rush on the board', (s) => s.includes('In the kitchen (22)'));
  const rush = written().slice(drawnBeforeRush);
  t.ok(rush.length > 0, 'the rush was drawn');
  t.equal(rush.split('\u001b[2J').length - 1, 0, 'no clear-screen while drawing the rush');
  for (const order of await api('GET', '/v1/orders?search=Rush&limit=100').then(
    (r) => r['orders'] as Array<{ id: number }>,
  )) {
    await api('PATCH', `/v1/orders/${order.id}`, { status: 'PICKED_UP' });
  }
  await shows('the rush picked up', (s) => s.includes('In the kitchen (2)'));

  tmux('send-keys', '-t', session, 'n');
  text = await shows('Rossi ready', (s) => s.includes('Ready (1)') && s.includes('In the kitchen (1)'));
  t.equal(
    (await api('GET', `/v1/orders/${rossi['id']}`))['status'],
    'COMPLETED',
    'the key changed the order on the server',
  );
  tmux('send-keys', '-t', session, '/', String(bianchi['ticketNumber']), 'Enter', 'n');
  await shows('Bianchi ready', (s) => s.includes('Ready (2)'));
  // Verdi pays at the counter: n on a pending order asks at which register (once), then cash or card.
  tmux('send-keys', '-t', session, 'Left', 'Left', 'Left', 'n');
  text = await shows('the register question', (s) => s.includes('Confirm at which register?'));
  t.notMatch(text, /Cassa 2/, 'only the enabled registers');
  tmux('send-keys', '-t', session, '1');
  await shows('the payment question', (s) => s.includes('c cash') && s.includes('k card') && s.includes('at Cassa 1'));
  tmux('send-keys', '-t', session, 'k');
  text = await shows('Verdi in the kitchen', (s) => s.includes('In the kitchen (1)') && s.includes('Pending (0)'));
  t.match(text, /confirmed, paid by card at Cassa 1/);
  t.notMatch(text, /no receipt/i, 'Cassa 1 has a printer: the receipt prints');
  t.match(
    await api('GET', `/v1/orders?search=Verdi`),
    { orders: [{ status: 'confirmed', paymentMethod: 'CARD' }] },
    'confirmed by card on the server',
  );
  t.match(
    await api('GET', `/v1/orders/${verdi['id']}`),
    { cashRegisterId: menu.register },
    'at the register chosen: its receipt and drawer',
  );
  const receipts = await api('GET', `/v1/print-jobs?orderId=${verdi['id']}`);
  t.ok(
    (receipts as unknown as Array<{ printerId: string | null; summary: string }>).some(
      (job) => job.printerId === menu.printers.till,
    ),
    "a job on the register's printer",
  );
  // Its items: the selection stayed in the pending column (now empty), Verdi is in the kitchen.
  tmux('send-keys', '-t', session, 'Right', 'i');
  await shows('the items', (s) => s.includes('1 × Margherita') && s.includes('Verdi'));
  tmux('send-keys', '-t', session, 'Escape');
  await shows('the board again', (s) => s.includes('In the kitchen (1)'));
  t.match(text, /printers: .*Kitchen/);
  if (process.env['UPDATE_SCREENSHOTS'] === '1') {
    writeFileSync(join(PACKAGE_ROOT, 'docs/images/dashboard.txt'), text);
  }

  tmux('send-keys', '-t', session, 'f');
  await shows('the food list', (s) => s.includes('Foods: space switches'));
  await shows('Diavola available', (s) => s.includes('[x] available  Pizze · Diavola'));
  tmux('send-keys', '-t', session, 'Space');
  await shows('Diavola sold out', (s) => s.includes('[ ] SOLD OUT   Pizze · Diavola'));
  t.equal((await api('GET', `/v1/foods/${menu.foods.diavola}`))['available'], false, 'sold out on the server');
  tmux('send-keys', '-t', session, 'Escape');
  await shows('the board again', (s) => s.includes('In the kitchen (1)'));
  // The server goes away: the offline line says it in words, not a raw ECONNREFUSED.
  await server.kill();
  text = await shows('offline', (s) => s.includes('OFFLINE') && /server unreachable, retrying/.test(s));
  t.notMatch(text, /ECONNREFUSED/);
  tmux('send-keys', '-t', session, 'q');
  await waitFor('q to end the terminal session', () => !terminal.has(session), {
    intervalMs: 100,
    detail: screen,
  });
  t.pass('q quits and the terminal session ends');
});

t.test(
  'pos dashboard at a venue that speaks Italian (pos serve --locale it): the whole board in Italian, within 80×24',
  async (t) => {
    if (!hasTmux) {
      if (process.env['CI']) throw new Error('tmux is missing: .ci/run installs it before the tests');
      t.comment('SKIPPED: no tmux on this machine (apt-get install tmux); in CI this is a failure');
      return;
    }
    const dataDir = tempDir(t);
    const server = await startRealServer(t, dataDir, ['--locale', 'it']);
    const storage = openStorage(join(dataDir, 'pos.db'));
    const menu = await seedMenuRows(storage.db, Date.now());
    await storage.close();
    const token = (await runPosInProcess(['token', 'create', '--role', 'admin', '--data-dir', dataDir])).stdout.trim();
    const response = await fetch(`${server.url}/v1/orders`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        table: '4',
        customer: 'Verdi',
        orderItems: [{ foodId: menu.foods.margherita, quantity: 1 }],
      }),
    });
    t.equal(response.status, 201, 'a pending order');
    const session = `pos-dashboard-it-${process.pid}`;
    const terminal = privateTmux(t);
    const { tmux } = terminal;
    // No --lang: the board asks the server which language the venue speaks.
    terminal.open(
      session,
      80,
      24,
      `env -u CI -u NODE_OPTIONS POS_URL=${server.url} POS_TOKEN=${token} ${process.execPath} ${POS_BIN} dashboard`,
    );
    const screen = () => tmux('capture-pane', '-p', '-t', session);
    const shows = async (what: string, check: (text: string) => boolean) => {
      const text = (
        await waitFor(
          `the screen to show ${what}`,
          () => {
            const text = screen();
            return check(text) ? { text } : null;
          },
          { timeoutMs: 15_000, intervalMs: 100, detail: screen },
        )
      ).text;
      // A line longer than the terminal would wrap onto the next row and push the footer off the screen.
      t.ok(
        text.split('\n').every((line) => [...line].length <= 80),
        `${what}: within 80 columns`,
      );
      return text;
    };

    let text = await shows(
      'the loaded board',
      (s) => / in linea( |$)/m.test(s) && s.includes('stampanti: Bar') && s.includes('Da pagare (1)'),
    );
    t.match(
      text,
      /←→↑↓ {2}n avanti {2}b indietro {2}i apri {2}r ristampa {2}t cassa {2}f menù {2}\/ cerca {2}q esci/,
      'the whole footer, in Italian',
    );
    t.match(text, /(oggi|da ieri) 0 ordini · 0,00 \(contanti 0,00 · carta 0,00\)/);
    tmux('send-keys', '-t', session, 'f');
    text = await shows(
      'the food list',
      (s) => s.includes('Menù: spazio = esaurito / disponibile') && s.includes('Pizze · Diavola'),
    );
    t.match(text, /\[x\] disponibile {2}Pizze · Diavola/, 'ticked: on sale');
    t.match(text, /↑↓ piatto {2}spazio esaurito\/disponibile {2}s rimasti {2}Esc indietro {2}q esci/);
    tmux('send-keys', '-t', session, 'Escape');
    await shows('the board again', (s) => s.includes('n avanti'));
    tmux('send-keys', '-t', session, 'Left', 'n');
    text = await shows(
      'the register question',
      (s) => s.includes('Confermare su quale cassa?') && s.includes('nessuna cassa'),
    );
    t.match(text, /↑↓ cassa {2}Invio o 1-9 sceglie {2}Esc annulla {2}q esci/);
    tmux('send-keys', '-t', session, '1');
    await shows('the payment question', (s) => s.includes('c contanti  k carta  Esc annulla'));
    tmux('send-keys', '-t', session, 'c');
    text = await shows('Verdi in the kitchen', (s) => s.includes('In cucina (1)') && s.includes('Da pagare (0)'));
    t.match(text, /ordine #1 \w+ confermato, pagato in contanti \(Cassa 1\)/);
    if (process.env['UPDATE_SCREENSHOTS'] === '1') {
      writeFileSync(join(PACKAGE_ROOT, 'docs/images/dashboard-it.txt'), text);
    }
    await server.kill();
    await shows('offline', (s) => s.includes('NON IN LINEA') && /server non raggiungibile, riprovo tra/.test(s));
    tmux('send-keys', '-t', session, 'q');
    await waitFor('q to end the terminal session', () => !terminal.has(session), { intervalMs: 100, detail: screen });
  },
);
