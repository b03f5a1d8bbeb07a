import { spawnSync } from 'node:child_process';
import { POS_BIN } from '../../test/helpers/server.js';
import { percentile, wallMs } from './stats.js';

// Step 7: how soon the CLI answers, as a volunteer types it (node and bin/pos, no npx): `pos --version`, and a list
// command against a running server on this machine (`pos printers list --data-dir …`: it finds the server, signs
// its local token, asks and prints). Each is started `runs` times, one after another; the figure is the median of
// the whole process, start to exit. `node -e 0` is measured the same way: what any command costs at least.

function median(runs: number, args: string[]): number {
  const env: NodeJS.ProcessEnv = { ...process.env, POS_DATA_DIR: '', POS_URL: '', POS_TOKEN: '' };
  delete env['NODE_OPTIONS'];
  const times: number[] = [];
  for (let run = 0; run < runs + 1; run++) {
    const started = wallMs();
    const result = spawnSync(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
    const elapsed = wallMs() - started;
    if (result.status !== 0) throw new Error(`node ${args.join(' ')} failed: ${result.stderr}`);
    if (run > 0) times.push(elapsed); // the first run warms the file cache
  }
  return percentile(times, 50);
}

export function cliFigures(dataDir: string, runs: number) {
  return {
    nodeMs: median(runs, ['-e', '0']),
    versionMs: median(runs, [POS_BIN, '--version']),
    listMs: median(runs, [POS_BIN, 'printers', 'list', '--data-dir', dataDir]),
  };
}
