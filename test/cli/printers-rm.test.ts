import t from 'tap';
import { buildTestApp } from '../helpers/app.js';
import { cliEnvFor, runPosInProcess } from '../helpers/cli.js';
import { seedMenu } from '../helpers/seed.js';

// `pos printers rm` of a printer still in use (a category's station, a register's receipts) is not done on a whim:
// it says who uses it and what happens to their tickets, and wants --yes where it cannot ask. One used by nothing
// goes at once.

t.test('pos printers rm: a printer in use needs --yes, one used by nothing does not', async (t) => {
  const app = await buildTestApp(t);
  const menu = await seedMenu(app);
  const env = await cliEnvFor(app);
  const pos = (args: string[]) => runPosInProcess(args, { env });
  const printerNames = async () =>
    ((await app.request({ method: 'GET', url: '/v1/printers' })).json() as Array<{ name: string }>).map((p) => p.name);

  const refused = await pos(['printers', 'rm', 'Kitchen']);
  t.equal(refused.code, 1);
  t.match(
    refused.stderr,
    /printer Kitchen is still used by category Pizze, food Tiramisù: their tickets would go to the register's printer, or wait with no printer\. Give --yes to delete it anyway/,
  );
  const till = await pos(['printers', 'rm', 'Till']);
  t.match(till.stderr, /still used by register Cassa/, 'a register counts too');
  t.same((await printerNames()).sort(), ['Bar', 'Kitchen', 'Till'], 'nothing deleted');

  const forced = await pos(['printers', 'rm', 'Kitchen', '--yes']);
  t.equal(forced.code, 0, forced.stderr);
  t.match(forced.stdout, /deleted printer Kitchen/);
  await app.request({ method: 'POST', url: '/v1/printers', body: { name: 'Spare', ip: '127.0.0.1', port: 9 } });
  const spare = await pos(['printers', 'rm', 'Spare']);
  t.equal(spare.code, 0, spare.stderr);
  t.same((await printerNames()).sort(), ['Bar', 'Till']);
  t.ok(menu.printers.bar, 'the bar printer, used by Bevande, is left alone');
});
