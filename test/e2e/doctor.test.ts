import t from 'tap';
import { tempDir } from '../helpers/app.js';
import { startEmulatorProcess } from '../helpers/emulator-process.js';
import { posInProcess, runPosInProcess } from '../helpers/cli.js';
import { runPos, startRealServer } from '../helpers/server.js';
import { waitFor } from '../helpers/wait.js';

// `pos doctor`: exit 1 with the fix for each problem, and each problem gone once its fix is run; the server down is a
// problem of its own. The report and the fixes run in-process; the printed report and the server down are read
// from the real executable. (Each check is tested on its own in test/cli/doctor-checks.test.ts.)

interface Report {
  ready: boolean;
  checks: Array<{ id: string; status: string; findings: Array<{ problem: string; fix: string }> }>;
}

t.test('pos doctor: what to fix, then fixed; the server down', async (t) => {
  const dataDir = tempDir(t);
  const backups = tempDir(t);
  const printer = await startEmulatorProcess(t, tempDir(t));
  const server = await startRealServer(t, dataDir, [
    '--printer-probe',
    '200',
    '--backup-every',
    '10m',
    '--backup-dir',
    backups,
  ]);
  const pos = posInProcess(t, dataDir);
  const doctor = async () => {
    const result = await runPosInProcess(['doctor', '--json', '--data-dir', dataDir]);
    return { code: result.code, report: JSON.parse(result.stdout) as Report };
  };
  const status = (report: Report) => Object.fromEntries(report.checks.map((check) => [check.id, check.status]));

  const first = await doctor();
  t.equal(first.code, 1);
  t.match(status(first.report), {
    server: 'ok',
    printers: 'problem',
    registers: 'problem',
    operators: 'problem',
    backups: 'ok',
    lan: 'problem',
  });
  t.match(first.report.checks.find((check) => check.id === 'registers')?.findings, [{ fix: /pos registers add/ }]);
  t.match(first.report.checks.find((check) => check.id === 'lan')?.findings, [
    { problem: /listens on 127\.0\.0\.1 only/ },
  ]);

  await pos(['printers', 'add', '--name', 'Cassa', '--ip', '127.0.0.1', '--port', String(printer.port)]);
  await pos(['registers', 'add', '--name', 'Cassa 1', '--printer', 'Cassa']);
  const user = await runPosInProcess(
    ['users', 'add', '--username', 'anna', '--role', 'operator', '--password-stdin', '--data-dir', dataDir],
    { input: 'cassa-uno-2026\n' },
  );
  t.equal(user.code, 0, user.stderr);
  const fixed = await waitFor(
    'the printer ONLINE and the other fixes seen by pos doctor',
    async () => {
      const { report } = await doctor();
      const now = status(report);
      return now['printers'] === 'ok' ? now : null;
    },
    { timeoutMs: 20_000 },
  );
  t.match(fixed, { printers: 'ok', routing: 'ok', registers: 'ok', backups: 'ok', disk: 'ok', lan: 'problem' });

  const text = runPos(['doctor', '--data-dir', dataDir], { timeoutMs: 30_000 });
  t.equal(text.code, 1, 'still not ready: only the LAN check is left (the test server listens on 127.0.0.1)');
  t.match(text.stdout, /ok    every printer is ONLINE/);
  t.match(text.stdout, /Not ready yet/);

  await server.stop();
  const down = runPos(['doctor', '--url', server.url, '--token', 'x']);
  t.equal(down.code, 1);
  t.match(down.stdout, /FIX   server answers at .*\n.*no answer.*\n.*→ pos serve/);
});
