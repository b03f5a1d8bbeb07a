import t from 'tap';
import { tempDir } from '../helpers/app.js';
import { posInProcess, runPosInProcess } from '../helpers/cli.js';
import { startRealServer } from '../helpers/server.js';

// `pos venue show|set` against the real server: only the options given change, and a bad one is refused by the
// server with its reason.

t.test('pos venue set changes only what is given; show prints it; bad input exits 1 with the reason', async (t) => {
  const dataDir = tempDir(t);
  const server = await startRealServer(t, dataDir, ['--no-tables']);
  const pos = posInProcess(t, dataDir);
  t.match(
    JSON.parse(await pos(['venue', 'show', '--json'])),
    { name: '', askTable: false, pickupAfterMinutes: 10 },
    '--no-tables is the default',
  );
  await pos([
    'venue',
    'set',
    '--name',
    'Sagra della castagna',
    '--header',
    'Pro Loco di Borgo',
    '--header',
    'Sagra 2026',
    '--footer',
    'Documento non fiscale',
  ]);
  await pos(['venue', 'set', '--ask-table', '--pickup-after', '15']);
  const shown = await pos(['venue', 'show']);
  t.match(shown, /^name\s+Sagra della castagna$/m);
  t.match(shown, /^receipt header\s+Pro Loco di Borgo \/ Sagra 2026$/m);
  t.match(shown, /^ask table\s+yes$/m);
  t.match(shown, /^pickup after\s+15 min$/m);
  await pos(['venue', 'set', '--no-header']);
  t.match(JSON.parse(await pos(['venue', 'show', '--json'])), {
    receiptHeader: [],
    receiptFooter: ['Documento non fiscale'],
    askTable: true,
  });
  const health = (await (await fetch(`${server.url}/health`)).json()) as { tables: boolean };
  t.equal(health.tables, true, 'the till now asks for a table');

  const tooMany = await runPosInProcess([
    'venue',
    'set',
    '--footer',
    '1',
    '--footer',
    '2',
    '--footer',
    '3',
    '--footer',
    '4',
    '--footer',
    '5',
    '--data-dir',
    dataDir,
  ]);
  t.equal(tooMany.code, 1);
  t.match(tooMany.stderr, /at most 4 lines/);
  const nothing = await runPosInProcess(['venue', 'set', '--data-dir', dataDir]);
  t.equal(nothing.code, 1);
  t.match(nothing.stderr, /nothing to change/);
});
