import { writeFileSync } from 'node:fs';
import t from 'tap';
import { tempDir } from '../helpers/app.js';
import { startEmulatorProcess } from '../helpers/emulator-process.js';
import { POS_BIN, runPos, startRealServer } from '../helpers/server.js';
import { waitFor } from '../helpers/wait.js';
import { hasTmux, privateTmux } from '../helpers/tmux.js';
import { PACKAGE_ROOT } from '../../src/version.js';
import { join } from 'node:path';

// The committee's console driven as a person drives it: the real `pos dashboard` in a real terminal (tmux), against
// the real server on 127.0.0.1 and the printer emulator as the venue's printer. Every wait is on the screen.

t.test(
  'the console: a printer test-printed, a register, a food added and its price edited, the closure printed',
  async (t) => {
    if (!hasTmux) {
      if (process.env['CI']) throw new Error('tmux is missing: .ci/run installs it before the tests');
      t.comment('SKIPPED: no tmux on this machine (apt-get install tmux); in CI this is a failure');
      return;
    }
    const printer = await startEmulatorProcess(t, tempDir(t));
    const dataDir = tempDir(t);
    const server = await startRealServer(t, dataDir);
    const token = runPos(['token', 'create', '--role', 'admin', '--data-dir', dataDir]).stdout.trim();
    const api = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${server.url}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return (await response.json()) as any;
    };
    const session = `pos-console-${process.pid}`;
    const terminal = privateTmux(t);
    const { tmux } = terminal;
    // Ink draws nothing live when it sees CI set (it assumes a log, not a terminal); a venue laptop never has it.
    terminal.open(
      session,
      100,
      30,
      `env -u CI -u NODE_OPTIONS POS_URL=${server.url} POS_TOKEN=${token} ${process.execPath} ${POS_BIN} dashboard`,
    );
    const screen = () => tmux('capture-pane', '-p', '-t', session);
    const keys = (...sent: string[]) => tmux('send-keys', '-t', session, ...sent);
    const shows = async (what: string, check: (text: string) => boolean) =>
      (
        await waitFor(
          `the screen to show ${what}`,
          () => {
            const text = screen();
            return check(text) ? { text } : null;
          },
          { timeoutMs: 20_000, intervalMs: 100, detail: screen },
        )
      ).text;
    const captures: string[] = [];

    await shows(
      'the board with the tab bar',
      (s) => s.includes('[1 Orders]') && s.includes('8 Venue') && / live( |$)/m.test(s),
    );

    // 3 Printers: add the printer, then a test ticket comes out of it.
    keys('3');
    await shows('the printers, read', (s) => s.includes('[3 Printers]') && s.includes('nothing here yet'));
    keys('a');
    await shows('the printer form', (s) => s.includes('New printer'));
    keys('Cassa');
    keys('Tab');
    keys('127.0.0.1');
    keys('Tab');
    keys('BSpace', 'BSpace', 'BSpace', 'BSpace');
    keys(String(printer.port));
    await shows('the form filled in', (s) => s.includes(`› Port              ${printer.port}`));
    keys('C-s');
    let text = await shows(
      'the printer listed',
      (s) => s.includes('Cassa saved') && new RegExp(`Cassa\\s+127\\.0\\.0\\.1:${printer.port}`).test(s),
    );
    keys('t');
    await shows('the test sent', (s) => s.includes('test ticket sent to Cassa: did it come out?'));
    const [test] = await printer.waitForTickets(1);
    t.match(test, /Cassa/, `the test ticket came out of the printer:\n${test}`);
    captures.push(screen());

    // 4 Registers: the till at that printer (the one printer is chosen already).
    keys('4');
    await shows('the registers, read', (s) => s.includes('[4 Registers]') && s.includes('nothing here yet'));
    keys('a');
    await shows('the register form', (s) => s.includes('New register'));
    keys('Cassa 1');
    keys('C-s');
    await shows('the register listed', (s) => /Cassa 1\s+Cassa\s+yes/.test(s));

    // 2 Menu: a category, then a food; a refusal of the server shows beside its field.
    keys('2');
    await shows(
      'the menu',
      (s) => s.includes('[2 Menu]') && s.includes('Menu: foods by category') && s.includes('nothing here yet'),
    );
    keys('c');
    await shows('the categories, read', (s) => s.includes('Menu: categories') && s.includes('nothing here yet'));
    keys('a');
    await shows('the category form', (s) => s.includes('New category'));
    keys('Pizze');
    keys('C-s');
    await shows('the category listed', (s) => /Pizze\s+1\s+the register’s\s+yes/.test(s));
    keys('f');
    await shows('the foods, read', (s) => s.includes('Menu: foods by category') && s.includes('nothing here yet'));
    keys('a');
    await shows('the food form', (s) => s.includes('New food'));
    keys('Tab');
    keys('7,50');
    keys('C-s');
    text = await shows('the empty name refused beside it', (s) => /› Name\s+✗ must not be empty/.test(s));
    t.match(text, /Price\s+7,50/, 'what was typed stays');
    keys('Up');
    keys('Margherita');
    keys('C-s');
    text = await shows('the food listed', (s) => /Margherita\s+Pizze\s+7\.50/.test(s));
    t.match(text, /\[x\] available/, 'on sale, said the right way round');
    const [added] = await api('GET', '/v1/foods');
    t.match(added, { name: 'Margherita', price: 7.5, available: true }, 'the food on the server');
    // Its price edited: e, ↓ to the price, the new one.
    keys('e');
    await shows('the food form', (s) => s.includes('Food: Margherita'));
    keys('Down');
    keys('BSpace', 'BSpace', 'BSpace', 'BSpace');
    keys('8');
    keys('C-s');
    text = await shows('the new price', (s) => /Margherita\s+Pizze\s+8\.00/.test(s));
    t.match(await api('GET', `/v1/foods/${added.id}`), { price: 8 }, 'the price on the server');
    captures.push(text);

    // Two sales at the till; the closure shows the figures first, then runs and prints.
    const [register] = await api('GET', '/v1/cash-registers');
    for (const quantity of [1, 2]) {
      await api('POST', '/v1/orders', {
        table: '4',
        customer: 'Rossi',
        orderItems: [{ foodId: added.id, quantity }],
        confirm: { paymentMethod: 'CASH', cashRegisterId: register.id },
      });
    }
    keys('6');
    text = await shows(
      'the reports',
      (s) => s.includes('[6 Reports]') && s.includes('2 orders · 24.00') && /3 × Margherita\s+24\.00/.test(s),
    );
    t.match(text, /█+ 24\.00/, 'the takings of this hour as a bar');
    captures.push(text);
    keys('7');
    text = await shows(
      'the closure figures',
      (s) => s.includes('[7 Closure]') && s.includes('2 orders · 24.00 (cash 24.00 · card 0.00)'),
    );
    t.match(text, /It prints at Cassa 1/);
    const before = printer.tickets().length;
    keys('p');
    await shows('the question', (s) => s.includes('Run the closure and print it at Cassa 1? y yes, n no'));
    keys('y');
    text = await shows('the closure run', (s) => s.includes("closure run: 24.00, sent to Cassa 1's printer"));
    captures.push(text);
    const closure = await waitFor(
      'the closure ticket',
      () =>
        printer
          .tickets()
          .slice(before)
          .find((ticket) => ticket.includes('C L O S U R E')),
      {
        timeoutMs: 20_000,
        detail: () => printer.tickets().slice(before).join('\n---\n'),
      },
    );
    t.match(closure, /REVENUE\s+€ 24\.00/, `the closure printed:\n${closure}`);
    if (process.env['UPDATE_SCREENSHOTS'] === '1') {
      writeFileSync(join(PACKAGE_ROOT, 'docs/images/console.txt'), captures.join('\n\n'));
    }

    keys('q');
    await waitFor('q to end the terminal session', () => !terminal.has(session), { intervalMs: 100, detail: screen });
    t.pass('q quits from any screen');
  },
);
