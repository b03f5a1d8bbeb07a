import { join } from 'node:path';
import t from 'tap';
import { openStorage } from '../../src/storage/database.js';
import { tempDir } from '../helpers/app.js';
import { seedMenuRows } from '../helpers/seed.js';
import { runPos, startRealServer } from '../helpers/server.js';

// What `pos orders list/show` and `pos foods list` print, with the real executable: the venue's clock whatever the
// laptop's time zone, and names without the escape sequences an old row or a restored backup may still hold.

const UNSAFE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

t.test('hostile names print harmless, and times are the venue’s', async (t) => {
  const dataDir = tempDir(t);
  await startRealServer(t, dataDir); // Europe/Rome
  const storage = openStorage(join(dataDir, 'pos.db'));
  const menu = await seedMenuRows(storage.db, Date.now());
  // Written straight into the database, as the API refuses such text now.
  const hostileBeer = 'Bir\u001b]0;pwned\u0007ra\u001b[2J';
  await storage.db.updateTable('foods').set({ name: hostileBeer }).where('id', '=', menu.foods.beer).execute();
  const at = Date.parse('2026-11-21T19:04:00.000Z'); // 20:04 in Rome, 14:04 in New York
  const { id } = await storage.db
    .insertInto('orders')
    .values({
      display_code: 'K7P',
      code_day: '2026-11-21',
      table_name: '\u009b2J7',
      customer: 'Ros\u001b[31msi\u202e\u001b[1A',
      status: 'CONFIRMED',
      ticket_number: 3,
      ticket_day: '2026-11-21',
      payment_method: 'CASH',
      subtotal_cents: 400,
      discount_cents: 0,
      surcharge_cents: 0,
      total_cents: 400,
      user_id: null,
      cash_register_id: null,
      created_at: at,
      updated_at: at,
      confirmed_at: at,
      completed_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await storage.close();
  const pos = (args: string[]) => {
    const result = runPos([...args, '--data-dir', dataDir], { env: { TZ: 'America/New_York' } });
    t.equal(result.code, 0, `pos ${args.join(' ')}: ${result.stderr}`);
    return result.stdout;
  };

  const list = pos(['orders', 'list']);
  const row = new RegExp(`^\\s*${id}\\s+3\\s+K7P\\s+confirmed\\s+7\\s+Rossi\\s+table\\s+4\\.00\\s+20:04$`, 'm');
  t.match(list, row, 'the row, cleaned, at 20:04');
  t.notMatch(list, UNSAFE, 'orders list');
  const shown = pos(['orders', 'show', String(id)]);
  t.match(shown, /^customer\s+Rossi$/m);
  t.match(shown, /^created\s+20:04$/m, 'Rome’s clock, not New York’s 14:04');
  t.match(shown, /^confirmed\s+20:04$/m);
  t.notMatch(shown, UNSAFE, 'orders show');
  const foods = pos(['foods', 'list']);
  t.match(foods, /\sBevande\s+Birra\s+4\.00\s/);
  t.notMatch(foods, UNSAFE, 'foods list');
  const json = pos(['orders', 'show', String(id), '--json']);
  t.notMatch(json.replace(/\n/g, ''), UNSAFE, '--json escapes them');
  t.equal(JSON.parse(json).customer, 'Ros\u001b[31msi\u202e\u001b[1A', 'and keeps the data');
});
