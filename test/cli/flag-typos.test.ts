import t from 'tap';
import { buildTestApp } from '../helpers/app.js';
import { cliEnvFor, runPosInProcess } from '../helpers/cli.js';

// A mistyped flag value is refused by the CLI in words that name the flag, before anything is sent: the server would
// take some of them (an event id that is not a number replays nothing and starts live, silently).

// Nothing listens here: a command that got as far as the network would fail differently.
const env = { POS_URL: 'http://127.0.0.1:9', POS_TOKEN: 'not-used' };

t.test('pos events --since wants an event id', async (t) => {
  for (const since of ['abc', '12a', '-3', '1.5']) {
    const run = await runPosInProcess(['events', 'cashier', '--since', since], { env });
    t.equal(run.code, 1, since);
    t.match(run.stderr, `--since takes an event id (the whole number after "id:"), got "${since}"`, since);
  }
});

t.test("the server's refusal of a field is said with the flag that set it", async (t) => {
  const app = await buildTestApp(t);
  const served = await cliEnvFor(app);
  const refusal = async (args: string[]) => {
    const run = await runPosInProcess(args, { env: served });
    t.equal(run.code, 1, args.join(' '));
    return run.stderr;
  };
  const printer = ['printers', 'add', '--name', 'Cucina'];
  t.match(await refusal([...printer, '--ip', '127.0.0.1', '--width', '50']), /^error: --width must be 32, 42 or 48 /);
  t.match(
    await refusal([...printer, '--ip', '127.0.0.1', '--port', '99999']),
    /^error: --port must be a port number from 1 to 65535 /,
  );
  t.match(await refusal([...printer, '--ip', '300.1.1.1']), /^error: --ip must be an IPv4 address or a host name /);
  t.match(await refusal(['categories', 'add', '--name', ' ']), /^error: --name must not be empty /);
  t.match(await refusal(['orders', 'list', '--from', '21/11/2026']), /^error: --from must be an ISO 8601 date /);
  t.same((await app.request({ method: 'GET', url: '/v1/printers' })).json(), [], 'nothing was made');

  const made = await runPosInProcess([...printer, '--ip', '127.0.0.1'], { env: served });
  t.equal(made.code, 0, made.stderr);
  t.match(await refusal(['printers', 'edit', 'Cucina', '--width', '40']), /^error: --width must be 32, 42 or 48 /);
});

t.test('with --json, an error is one JSON object on stderr and stdout stays empty', async (t) => {
  const app = await buildTestApp(t);
  const served = await cliEnvFor(app);
  const failed = async (args: string[], runEnv: Record<string, string>) => {
    const run = await runPosInProcess([...args, '--json'], { env: runEnv });
    t.equal(run.code, 1, args.join(' '));
    t.equal(run.stdout, '', 'nothing on stdout');
    return JSON.parse(run.stderr);
  };
  t.same(await failed(['printers', 'add', '--name', 'Cucina', '--ip', '127.0.0.1', '--width', '50'], served), {
    error: {
      code: 'validation',
      message: '--width must be 32, 42 or 48',
      status: 400,
      details: [{ path: '--width', message: 'must be 32, 42 or 48', code: 'validation' }],
    },
  });
  await app.request({ method: 'POST', url: '/v1/categories', body: { name: 'Pizze' } });
  t.match(await failed(['categories', 'add', '--name', 'pizze'], served), {
    error: { code: 'name-taken', status: 409, advice: /choose another name/ },
  });
  t.same(await failed(['events', 'cashier', '--since', 'x'], served), {
    error: { code: 'usage', message: '--since takes an event id (the whole number after "id:"), got "x"' },
  });
  t.match(await failed(['foods', 'list'], env), {
    error: { code: 'unreachable', message: /^cannot reach the pos server at http:\/\/127\.0\.0\.1:9 / },
  });
});

t.test("with --json, the CLI's own usage refusals are JSON too; without it, words and the --help hint", async (t) => {
  const unknownFlag = await runPosInProcess(['printers', 'add', '--wdth', '3', '--json'], { env });
  t.equal(unknownFlag.code, 1);
  t.equal(unknownFlag.stdout, '');
  t.same(JSON.parse(unknownFlag.stderr), {
    error: { code: 'usage', message: "unknown option '--wdth' (Did you mean --width?)" },
  });
  const unknownCommand = await runPosInProcess(['--json', 'printers', 'ad'], { env });
  t.same(JSON.parse(unknownCommand.stderr), {
    error: { code: 'usage', message: "unknown command 'ad' (Did you mean add?)" },
  });
  const inWords = await runPosInProcess(['printers', 'ad'], { env });
  t.equal(inWords.code, 1);
  t.match(inWords.stderr, /^error: unknown command 'ad'\n\(Did you mean add\?\)\n\(run with --help for usage\)/);
});
