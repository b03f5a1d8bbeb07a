import t from 'tap';
import { buildTestApp } from '../helpers/app.js';
import { cliEnvFor, runPosInProcess } from '../helpers/cli.js';

// `pos setup` typed by a volunteer who mistypes: a price or a paper width that is not one is asked again instead of
// being dropped or sent to the server; Enter alone on a price leaves that food out, saying so.

t.test('pos setup: a mistyped price or paper width is asked again', async (t) => {
  const app = await buildTestApp(t);
  const env = await cliEnvFor(app);
  const answers = [
    '', // the event's name: left as it is
    '', // the language kept
    '', // add a printer: yes
    'Cucina',
    '127.0.0.1:9',
    '84', // not a paper width
    '42',
    'y', // the test page came out
    'n', // no more printers
    '3', // type the menu here
    'Polenta',
    '', // category: Menu
    '7.5O', // a letter O for a zero
    '7,50',
    'Vino',
    'Bevande',
    'un euro',
    '', // gives up on the price: Vino is left out
    '', // no more foods
    'Cucina', // Menu prints in the kitchen
    'n', // no register
    'n', // no cashier
    'n', // no TV
  ];
  const run = await runPosInProcess(['setup'], { env, input: `${answers.join('\n')}\n` });
  t.match(run.stdout, /== 7\. pos doctor ==/, run.stderr);
  t.match(run.stdout, /"84" is not 32, 42 or 48: try again \(Enter alone: 48\)/);
  t.match(run.stdout, /"7\.5O" is not a price like 7,50: try again \(Enter alone: skip it\)/);
  t.match(run.stdout, /"un euro" is not a price like 7,50/);
  t.match(run.stdout, /Vino is left out/);
  t.match(run.stdout, /added 1, changed 0/);

  const printers = (await app.request({ method: 'GET', url: '/v1/printers' })).json() as Array<{
    name: string;
    columns: number;
  }>;
  t.match(printers, [{ name: 'Cucina', columns: 42 }]);
  const foods = (await app.request({ method: 'GET', url: '/v1/foods' })).json() as Array<{
    name: string;
    price: number;
  }>;
  t.same(
    foods.map((food) => [food.name, food.price]),
    [['Polenta', 7.5]],
    'Polenta at its corrected price; nothing for Vino',
  );
});
