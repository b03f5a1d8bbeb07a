import t from 'tap';
import { parseRole, roleWord } from '../../src/cli/commands/foods.js';
import { serviceWord } from '../../src/cli/commands/orders.js';
import { tempDir } from '../helpers/app.js';
import { runPosInProcess } from '../helpers/cli.js';
import { startRealServer } from '../helpers/server.js';

// Covers and takeaway from the terminal (docs/cli.md): a food's role set and taken off with --role, a second food
// with a role taken refused in words, and the orders' service in `pos orders list` and `show`.

t.test('pos foods --role and the orders’ service', async (t) => {
  const dataDir = tempDir(t);
  const server = await startRealServer(t, dataDir);
  const pos = (args: string[]) =>
    runPosInProcess([...args, '--data-dir', dataDir], { env: { POS_CONFIG_DIR: tempDir(t) } });
  const ok = async (args: string[]) => {
    const result = await pos(args);
    t.equal(result.code, 0, `pos ${args.join(' ')}: ${result.stderr}`);
    return result.stdout;
  };
  await ok(['categories', 'add', '--name', 'Servizio']);
  await ok(['categories', 'add', '--name', 'Pizze']);
  await ok(['foods', 'add', '--name', 'Margherita', '--price', '7.50', '--category', 'Pizze']);
  await ok(['foods', 'add', '--name', 'Coperto', '--price', '1.50', '--category', 'Servizio', '--role', 'cover']);
  await ok(['foods', 'add', '--name', 'Vaschetta', '--price', '0,50', '--category', 'Servizio']);
  await ok(['foods', 'edit', 'Vaschetta', '--role', 'takeaway-fee']);
  t.match(await ok(['foods', 'list']), /Coperto\s.*\scover\n/);
  t.match(await ok(['foods', 'list']), /Vaschetta\s.*\stakeaway-fee\n/);

  const taken = await pos(['foods', 'edit', 'Margherita', '--role', 'cover']);
  t.equal(taken.code, 1, 'a second cover food is refused');
  t.match(taken.stderr, /already has the role COVER/);
  const wrong = await pos(['foods', 'edit', 'Margherita', '--role', 'wine']);
  t.not(wrong.code, 0);
  t.match(wrong.stderr, /--role is cover, takeaway-fee or none, got "wine"/);
  await ok(['foods', 'edit', 'Vaschetta', '--role', 'none']);
  t.match(await ok(['foods', 'show', 'Vaschetta']), /role\s+-|role:?\s+null/);

  // Orders through the API: a table of 3, and a takeaway.
  const token = (await ok(['token', 'create', '--role', 'admin'])).trim();
  const foods = JSON.parse(await ok(['foods', 'list', '--json'])) as Array<{ id: string; name: string }>;
  const margherita = foods.find((food) => food.name === 'Margherita')?.id;
  for (const body of [
    { table: '5', customer: 'Rossi', covers: 3, orderItems: [{ foodId: margherita, quantity: 1 }] },
    { table: '-', customer: 'Bianchi', service: 'TAKEAWAY', orderItems: [{ foodId: margherita, quantity: 1 }] },
  ]) {
    const response = await fetch(`${server.url}/v1/orders`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    t.equal(response.status, 201, await response.clone().text());
  }
  const list = await ok(['orders', 'list']);
  t.match(list, /Rossi\s+table, 3 covers\s/);
  t.match(list, /Bianchi\s+takeaway\s/);
  const shown = await ok(['orders', 'show', '1']);
  t.match(shown, /service\s+table, 3 covers/);
  t.match(shown, /3 × Coperto\s+4\.50/, 'the cover line the server appended');
});

t.test('the words of roles and service', async (t) => {
  t.equal(parseRole('Takeaway-Fee', '--role'), 'TAKEAWAY_FEE');
  t.equal(parseRole('none', '--role'), null);
  t.equal(roleWord(undefined), '-', 'an older server sends no role');
  t.equal(serviceWord({ covers: 1, service: 'TABLE' }), 'table, 1 cover');
  t.equal(serviceWord({}), 'table');
});
