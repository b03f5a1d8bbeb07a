import { join } from 'node:path';
import t from 'tap';
import { tempDir } from '../helpers/app.js';
import { startEmulatorProcess } from '../helpers/emulator-process.js';
import { posInProcess, runPosInProcess } from '../helpers/cli.js';
import { runPos, startRealServer } from '../helpers/server.js';

// `pos serve --locale it` at an Italian fair: the paper speaks Italian (kitchen, receipt, reprint, cancellation,
// closure) with Italian money and dates; the API's errors and the CLI stay English. Real executable, real
// emulated printers.

t.test('a language the appliance does not have is refused at start, from the flag or POS_LOCALE', async (t) => {
  const dir = tempDir(t);
  const flag = runPos(['serve', '--locale', 'fr', '--port', '0', '--data-dir', dir]);
  t.equal(flag.code, 1);
  t.match(flag.stderr, /--locale must be one of en, it, got "fr"/);
  const env = runPos(['serve', '--port', '0', '--data-dir', dir], { env: { POS_LOCALE: 'de' } });
  t.equal(env.code, 1);
  t.match(env.stderr, /--locale must be one of en, it, got "de"/);
});

t.test('pos serve --locale it prints Italian tickets, receipts and closures with Italian money', async (t) => {
  const dataDir = tempDir(t);
  const kitchen = await startEmulatorProcess(t, join(tempDir(t), 'kitchen'));
  const till = await startEmulatorProcess(t, join(tempDir(t), 'till'), 0, 32);
  const server = await startRealServer(t, dataDir, ['--printer-probe', '200', '--locale', 'it']);
  t.match(server.output(), /language\s+it/, 'pos serve says which language it speaks');
  const health = (await (await fetch(`${server.url}/health`)).json()) as { locale: string };
  t.equal(health.locale, 'it', '/health tells the web pages');

  const pos = posInProcess(t, dataDir);
  await pos(['printers', 'add', '--name', 'Cucina', '--ip', '127.0.0.1', '--port', String(kitchen.port)]);
  await pos(['printers', 'add', '--name', 'Cassa', '--ip', '127.0.0.1', '--port', String(till.port), '--width', '32']);
  await pos(['categories', 'add', '--name', 'Primi', '--printer', 'Cucina']);
  await pos(['foods', 'add', '--name', 'Pappardelle al cinghiale', '--price', '9.50', '--category', 'Primi']);
  await pos(['foods', 'add', '--name', 'Caffè', '--price', '1.20', '--category', 'Primi']);
  await pos(['registers', 'add', '--name', 'Cassa 1', '--printer', 'Cassa']);
  const foods = JSON.parse(await pos(['foods', 'list', '--json'])) as Array<{ id: string; name: string }>;
  const food = (name: string) => foods.find((f) => f.name === name)!.id;
  const [register] = JSON.parse(await pos(['registers', 'list', '--json'])) as Array<{ id: string }>;
  const token = (await runPosInProcess(['token', 'create', '--role', 'operator', '--data-dir', dataDir])).stdout.trim();
  const api = (method: string, path: string, body?: unknown) =>
    fetch(`${server.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const sell = async (customer: string, paymentMethod: 'CASH' | 'CARD') => {
    const response = await api('POST', '/v1/orders', {
      table: '7',
      customer,
      orderItems: [
        { foodId: food('Pappardelle al cinghiale'), quantity: 120 },
        { foodId: food('Caffè'), quantity: 2, notes: 'più caldo' },
      ],
      confirm: { paymentMethod, cashRegisterId: register!.id },
    });
    t.equal(response.status, 201);
    return (await response.json()) as { id: number; ticketNumber: number; displayCode: string };
  };

  const rossi = await sell('Rossi', 'CASH');
  const [ticket] = await kitchen.waitForTickets(1);
  t.match(ticket, new RegExp(`O R D I N E   N \\.   ${String(rossi.ticketNumber).split('').join(' ')}`));
  t.match(ticket, new RegExp(`C O D I C E   ${rossi.displayCode.split('').join(' ')}`));
  t.match(ticket, /^TAVOLO: 7$/m);
  t.match(ticket, /^CLIENTE: Rossi$/m);
  t.match(ticket, /^\d\d\/\d\d\/\d{4} \d\d:\d\d$/m, 'the date as Italians write it');
  t.match(ticket, /^120 x Pappardelle al cinghiale$/m);
  t.match(ticket, /> più caldo/, 'accents through CP858 and back');
  t.notMatch(ticket, /Table|Customer|TICKET/);

  const [receipt] = await till.waitForTickets(1);
  t.match(receipt, /120 x Pappardelle al +1\.140,00/);
  t.match(receipt, /^ {4}9,50 cad\.$/m);
  t.match(receipt, /^TOTALE +€ 1\.142,40$/m, 'Italian money, € included');
  t.match(receipt, /^Pagamento: CONTANTI$/m);
  t.match(receipt, /Il tuo numero:/);

  t.equal((await api('POST', `/v1/orders/${rossi.id}/reprint-receipt`, {})).status, 200);
  const [, again] = await till.waitForTickets(2);
  t.match(again, /\*\*\* RISTAMPA \*\*\*/);

  const bianchi = await sell('Bianchi', 'CARD');
  await kitchen.waitForTickets(2);
  const [, , card] = await till.waitForTickets(3);
  t.match(card, /^Pagamento: CARTA$/m);
  t.equal((await api('DELETE', `/v1/orders/${bianchi.id}`)).status, 204);
  const [, , cancelled] = await kitchen.waitForTickets(3);
  t.match(cancelled, /A N N U L L A T O/);
  t.match(cancelled, /^CLIENTE: Bianchi$/m);
  t.match(cancelled, /^Annullato il \d\d\/\d\d\/\d{4} \d\d:\d\d$/m);

  // The CLI stays English for the admin; the paper is Italian.
  const closure = await runPosInProcess(['closure', '--register', 'Cassa 1', '--data-dir', dataDir]);
  t.equal(closure.code, 0, closure.stderr);
  t.match(closure.stdout, /GENERAL CLOSURE[\s\S]*revenue\s+1,?142\.40/);
  const printed = (await till.waitForTickets(4, 30_000)).at(-1);
  t.match(printed, /C H I U S U R A/);
  t.match(printed, /G E N E R A L E/);
  t.match(printed, /^INCASSO +€ 1\.142,40$/m);
  t.match(printed, /^ {2}Contanti +€ 1\.142,40$/m);

  // The API's error messages stay English (for client authors).
  const missing = await api('GET', '/v1/orders/999999');
  t.equal(missing.status, 404);
  t.match(await missing.json(), { error: 'Not Found', message: /not found/i });
});
