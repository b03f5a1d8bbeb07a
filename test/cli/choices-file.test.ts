import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { buildTestApp, tempDir } from '../helpers/app.js';
import { choicesMenu } from '../helpers/choices.js';
import { runPosInProcess } from '../helpers/cli.js';

// `pos foods edit … --choices-file`: a food's groups of choices from a JSON file, amounts in currency units, a set
// menu's course named by its food; a bad file is refused in words and changes nothing.

t.test('pos foods edit --choices-file sets a food’s groups; a bad file changes nothing', async (t) => {
  const app = await buildTestApp(t);
  const m = await choicesMenu(app);
  await app.runtime.app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.runtime.app.server.address() as { port: number };
  const env = {
    POS_URL: `http://127.0.0.1:${address.port}`,
    POS_TOKEN: await app.token('admin'),
    POS_CONFIG_DIR: tempDir(t),
  };
  const dir = tempDir(t);
  const file = (name: string, content: unknown) => {
    const path = join(dir, name);
    writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
    return path;
  };
  const groups = file('salsiccia.json', [
    { name: 'Contorno', min: 1, max: 1, options: [{ name: 'polenta' }, { name: 'patate', priceDelta: 1.5 }] },
  ]);
  const menu = file('menu.json', [
    { name: 'Primo', min: 1, max: 1, options: [{ name: 'Tagliatelle', food: 'Tagliatelle al ragù' }] },
    { name: 'Dolce', max: 1, options: [{ name: 'Tiramisù', priceDelta: -0.5, available: false }] },
  ]);
  const edited = await runPosInProcess(['foods', 'edit', 'Margherita', '--choices-file', groups, '--json'], { env });
  t.equal(edited.code, 0, edited.stderr);
  t.match(JSON.parse(edited.stdout).choices, [
    {
      name: 'Contorno',
      min: 1,
      max: 1,
      options: [
        { name: 'polenta', priceDelta: 0 },
        { name: 'patate', priceDelta: 1.5 },
      ],
    },
  ]);
  const made = await runPosInProcess(
    [
      'foods',
      'add',
      '--name',
      'Menu del giorno',
      '--price',
      '15',
      '--category',
      'Menu',
      '--choices-file',
      menu,
      '--json',
    ],
    { env },
  );
  t.equal(made.code, 0, made.stderr);
  t.match(JSON.parse(made.stdout).choices, [
    { name: 'Primo', min: 1, options: [{ foodId: m.tagliatelle }] },
    { name: 'Dolce', min: 0, max: 1, options: [{ priceDelta: -0.5, available: false }] },
  ]);

  const before = (await app.request({ method: 'GET', url: `/v1/foods/${m.pizza}` })).json().choices;
  const bad: Array<[string, string | unknown, RegExp]> = [
    ['not-json.json', '{ nope', /cannot read/],
    ['not-a-list.json', { name: 'x' }, /JSON list of groups/],
    ['bad-amount.json', [{ name: 'G', options: [{ name: 'a', priceDelta: 'tanto' }] }], /priceDelta must be an amount/],
    ['min-max.json', [{ name: 'G', min: 3, max: 1, options: [{ name: 'a' }] }], /min/],
    ['unknown-food.json', [{ name: 'G', options: [{ name: 'a', food: 'Cassoeula' }] }], /Cassoeula/],
  ];
  for (const [name, content, message] of bad) {
    const result = await runPosInProcess(['foods', 'edit', 'Margherita', '--choices-file', file(name, content)], {
      env,
    });
    t.not(result.code, 0, name);
    t.match(result.stderr, message, `${name}: ${result.stderr.trim()}`);
  }
  t.same((await app.request({ method: 'GET', url: `/v1/foods/${m.pizza}` })).json().choices, before, 'unchanged');
  const removed = await runPosInProcess(['foods', 'edit', 'Margherita', '--choices-file', file('none.json', [])], {
    env,
  });
  t.equal(removed.code, 0, removed.stderr);
  t.same((await app.request({ method: 'GET', url: `/v1/foods/${m.pizza}` })).json().choices, [], '[] removes them');
});
