import t from 'tap';
import { buildTestApp } from '../helpers/app.js';
import { runPosInProcess } from '../helpers/cli.js';
import { seedMenu } from '../helpers/seed.js';

// The flags of the menu's order, allergens, tokens and a register's categories, from the terminal to the server.

t.test('pos foods --position --allergens, pos categories --tokens, pos registers --categories', async (t) => {
  const app = await buildTestApp(t);
  const menu = await seedMenu(app);
  await app.runtime.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.runtime.app.server.address() as { port: number };
  const env = { POS_URL: `http://127.0.0.1:${port}`, POS_TOKEN: await app.token('admin') };
  const pos = async (args: string[], code = 0) => {
    const result = await runPosInProcess(args, { env });
    t.equal(result.code, code, `pos ${args.join(' ')}: ${result.stderr}`);
    return result;
  };
  const food = async (name: string) =>
    (JSON.parse((await pos(['foods', 'list', '--json'])).stdout) as Array<Record<string, unknown>>).find(
      (row) => row.name === name,
    );

  await pos(['foods', 'edit', 'Diavola', '--position', '-1', '--allergens', 'Latte, glutine']);
  t.match(await food('Diavola'), { position: -1, allergens: ['GLUTEN', 'MILK'] });
  const names = (JSON.parse((await pos(['foods', 'list', '--json'])).stdout) as Array<{ name: string }>).map(
    (row) => row.name,
  );
  t.same(names.slice(0, 2), ['Diavola', 'Margherita'], 'listed in the new order');
  await pos(['foods', 'edit', 'Diavola', '--price', '9']);
  t.match(await food('Diavola'), { allergens: ['GLUTEN', 'MILK'], position: -1 }, 'an edit of the price keeps them');
  await pos(['foods', 'edit', 'Diavola', '--allergens', 'none']);
  t.match(await food('Diavola'), { allergens: [] }, '"none" clears');
  const bad = await pos(['foods', 'edit', 'Diavola', '--allergens', 'gluten,pork'], 1);
  t.match(bad.stderr, /--allergens: not one of the 14 allergens: pork/);
  t.match(await food('Diavola'), { allergens: [] }, 'and changes nothing');
  await pos(['foods', 'edit', 'Diavola', '--position', 'first'], 1);

  await pos(['categories', 'edit', 'Bevande', '--tokens']);
  const drinks = JSON.parse((await pos(['categories', 'show', 'Bevande', '--json'])).stdout);
  t.match(drinks, { ticketPerUnit: true });
  await pos(['categories', 'edit', 'Bevande', '--no-tokens']);
  t.match(JSON.parse((await pos(['categories', 'show', 'Bevande', '--json'])).stdout), { ticketPerUnit: false });

  await pos(['registers', 'edit', 'Cassa 1', '--categories', 'Bevande,Dolci']);
  const register = JSON.parse((await pos(['registers', 'show', 'Cassa 1', '--json'])).stdout);
  t.same(register.categoryIds, [menu.categories.drinks, menu.categories.desserts]);
  await pos(['registers', 'edit', 'Cassa 1', '--name', 'Bar']);
  t.same(
    JSON.parse((await pos(['registers', 'show', 'Bar', '--json'])).stdout).categoryIds,
    [menu.categories.drinks, menu.categories.desserts],
    'a rename keeps them',
  );
  await pos(['registers', 'edit', 'Bar', '--categories', 'all']);
  t.equal(JSON.parse((await pos(['registers', 'show', 'Bar', '--json'])).stdout).categoryIds, null);
  const unknown = await pos(['registers', 'edit', 'Bar', '--categories', 'Birre'], 1);
  t.match(unknown.stderr, /Birre/);
});
