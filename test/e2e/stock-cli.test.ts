import t from 'tap';
import { parseStockChange } from '../../src/cli/commands/stock.js';
import { tempDir } from '../helpers/app.js';
import { runPosInProcess } from '../helpers/cli.js';
import { startRealServer } from '../helpers/server.js';

t.test('the count argument: a number sets, +n restocks, -n writes off, off stops counting', async (t) => {
  t.same(parseStockChange('200'), { stock: 200 });
  t.same(parseStockChange('0'), { stock: 0 });
  t.same(parseStockChange('+50'), { stockAdd: 50 });
  t.same(parseStockChange('-3'), { stockAdd: -3 });
  t.same(parseStockChange('off'), { stock: null });
  t.same(parseStockChange('None'), { stock: null });
  for (const bad of ['', 'abc', '1.5', '+-3', '1e3', '12345678'])
    t.throws(() => parseStockChange(bad), { message: /the count is a number/ }, `"${bad}"`);
});

t.test(
  'a volunteer sets, restocks and writes off portions from the terminal, and sees them in the lists',
  async (t) => {
    const dataDir = tempDir(t);
    const configDir = tempDir(t);
    await startRealServer(t, dataDir, ['--log-level', 'warn']);
    const pos = (args: string[]) =>
      runPosInProcess([...args, '--data-dir', dataDir], { env: { POS_CONFIG_DIR: configDir } });
    const ok = async (args: string[]) => {
      const result = await pos(args);
      t.equal(result.code, 0, `pos ${args.join(' ')}: ${result.stderr}`);
      return result.stdout;
    };
    await ok(['categories', 'add', '--name', 'Panini']);
    await ok(['ingredients', 'add', '--name', 'Porchetta']);
    await ok([
      'foods',
      'add',
      '--name',
      'Panino con porchetta',
      '--price',
      '6',
      '--category',
      'Panini',
      '--ingredient',
      'Porchetta',
    ]);
    await ok(['foods', 'add', '--name', 'Patatine', '--price', '3', '--category', 'Panini']);

    t.match(await ok(['foods', 'stock', 'Patatine']), /^Patatine: not counted$/m);
    t.match(await ok(['foods', 'stock', 'Patatine', '200']), /^Patatine: 200 left$/m);
    t.match(await ok(['foods', 'stock', 'patatine', '+50']), /^Patatine: 250 left$/m);
    t.match(
      await ok(['foods', 'stock', 'Patatine', '-3']),
      /^Patatine: 247 left$/m,
      'a write-off: "-3" is a count, not an option',
    );
    t.match(await ok(['ingredients', 'stock', 'Porchetta', '30']), /^Porchetta: 30 left$/m);
    t.match(
      await ok(['foods', 'stock', 'Panino con porchetta']),
      /^Panino con porchetta: 30 left$/m,
      'what the shared ingredient allows',
    );

    const foods = await ok(['foods', 'list']);
    t.match(foods, /^ID\s+CATEGORY\s+NAME\s+PRICE\s+AVAILABLE\s+LEFT\s+PRINTER\s+ROLE$/m);
    t.match(foods, /Panino con porchetta\s+6\.00\s+yes\s+30\s/);
    t.match(foods, /Patatine\s+3\.00\s+yes\s+247\s/);
    t.match(await ok(['ingredients', 'list']), /Porchetta\s+30$/m);
    t.match(JSON.parse(await ok(['foods', 'stock', 'Patatine', '-247', '--json'])), {
      name: 'Patatine',
      stock: 0,
      portionsLeft: 0,
      available: false,
    });
    t.match(await ok(['foods', 'stock', 'Patatine']), /^Patatine: 0 left, sold out$/m);

    const short = await pos(['foods', 'stock', 'Patatine', '-1']);
    t.equal(short.code, 1, 'a write-off below 0 is refused');
    t.match(short.stderr, /only 0 left.*HTTP 400/);
    const typo = await pos(['ingredients', 'stock', 'Porchetta', 'lots']);
    t.equal(typo.code, 1);
    t.match(typo.stderr, /the count is a number/);
    t.match(await ok(['ingredients', 'stock', 'Porchetta', 'off']), /^Porchetta: not counted$/m);
    t.match(await ok(['foods', 'list']), /Panino con porchetta\s+6\.00\s+yes\s+-\s/, 'not counted: a dash');
  },
);
