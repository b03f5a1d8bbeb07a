// Preloaded into every test process (package.json `tap.node-arg`).
//
// tap preloads @tapjs/processinfo into each test process before this file: a module hook, run in a thread of its
// own, that every module load waits on, to record the files a test loads for coverage and `--changed` (both unused
// here). It cost a test process 1 to 3 s of CPU. So the test runs again in a child process without it, and this one
// only passes signals on and exits as the child did. The child leaves when this process is gone (tap's timeout
// kills this one).
//
// A TypeScript test file runs through tsx, which costs a process about a second of CPU over plain node. `npm test`
// runs tsc's output instead (test/helpers/tap-compiled.mjs), JavaScript that needs no loader at all.
const PROCESSINFO = /@tapjs[\\/]processinfo/;

if (process.execArgv.some((arg) => PROCESSINFO.test(arg))) {
  const { spawn } = await import('node:child_process');
  const nodeOptions = (process.env.NODE_OPTIONS ?? '')
    .split(/\s+/)
    .filter((option) => option && !PROCESSINFO.test(option))
    .join(' ');
  // Through `env`: under tap, child_process puts the hook back into any node child's NODE_OPTIONS.
  const child = spawn(
    'env',
    [
      '-u',
      'NODE_OPTIONS',
      ...(nodeOptions ? [`NODE_OPTIONS=${nodeOptions}`] : []),
      `POS_TEST_RELAY_PID=${process.pid}`,
      process.execPath,
      ...process.execArgv.filter((arg) => !PROCESSINFO.test(arg)),
      ...process.argv.slice(1),
    ],
    { stdio: 'inherit' },
  );
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => {
    if (signal) {
      process.removeAllListeners(signal);
      process.kill(process.pid, signal);
    }
    process.exit(code ?? 1);
  });
  // The test file is not run here: the child runs it. The pending import keeps it waiting until the child exits.
  await new Promise(() => {});
}

if (process.env.POS_TEST_RELAY_PID) {
  const relay = Number(process.env.POS_TEST_RELAY_PID);
  delete process.env.POS_TEST_RELAY_PID; // not for the processes the test starts
  setInterval(() => {
    if (process.ppid !== relay) process.exit(1);
  }, 1000).unref();
}

if (/\.tsx?$/.test(process.argv[1] ?? '')) await import('tsx');
