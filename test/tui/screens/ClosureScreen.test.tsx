import t from 'tap';
import { ClosureScreen } from '../../../src/tui/screens/ClosureScreen.js';
import { lines, order, stockMenu } from '../../helpers/stock.js';
import { serve, show } from './harness.js';

t.test('Closure: the figures first; p asks, n keeps it, y runs it at the chosen register', async (t) => {
  const { app, client } = await serve(t);
  const menu = await stockMenu(app);
  const printer = await client.create('/v1/printers', { name: 'Cassa', ip: '127.0.0.1', port: 9 });
  await client.create('/v1/cash-registers', { name: 'Cassa 1', defaultPrinterId: printer.id });
  await order(app, lines([menu.panino, 2]));
  app.clock.advance(60_000); // the reports end at the server's "now": a minute on, the sale is in them
  const captured: boolean[] = [];
  const { type, shows } = show(
    t,
    <ClosureScreen client={client} width={80} height={20} active onCapture={(on) => captured.push(on)} />,
    'it',
  );
  let text = await shows('the figures', (s) => s.includes('1 ordini') || s.includes('1 ordine'));
  t.match(text, /Chiusura della serata/);
  t.match(text, /Stampata su Cassa 1/);
  await type('p');
  await shows('the question', (s) => s.includes('Eseguire la chiusura e stamparla su Cassa 1? s sì, n no'));
  await type('n');
  await shows('no question', (s) => !s.includes('Eseguire la chiusura'));
  await type('p');
  await shows('the question again', (s) => s.includes('Eseguire la chiusura'));
  await type('s');
  text = await shows('done', (s) => s.includes('chiusura eseguita e inviata alla stampante di Cassa 1'));
  t.same(captured, [true, false, true, false], 'the question took the keys, and gave them back');
  const jobs = await client.printJobs({ status: ['queued', 'printing'] });
  t.ok(
    jobs.some((job) => job.printerId === printer.id && /closure/i.test(job.summary)),
    `the closure waits for the register's printer: ${JSON.stringify(jobs)}`,
  );
});
