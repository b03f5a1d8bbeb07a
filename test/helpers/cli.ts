import { Readable } from 'node:stream';
import { runCli } from '../../src/cli/run.js';
import type { Role } from '../../src/core/auth/principal.js';
import type { TestApp } from './app.js';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

let running = false;

/**
 * `pos <args>` run in this process: the same commander program and exit codes as `bin/pos` (`runCli`, which the
 * executable calls), with stdout and stderr captured, stdin given, and the environment as `runPos` gives it. About a
 * millisecond instead of the second a spawned node takes. It talks to a server over HTTP like the executable: start
 * one (`startRealServer`, or a test app that listens) and pass `--data-dir` or `--url`. Commands that own the
 * process (`serve`, `dashboard`, `events` until stopped) and pipes to other programs keep using `runPos`.
 *
 * One command at a time: while it runs, process.stdout/stderr.write and process.env are this command's.
 */
export async function runPosInProcess(
  args: string[],
  options: { env?: Record<string, string>; input?: string } = {},
): Promise<CliResult> {
  if (running) throw new Error('runPosInProcess: one command at a time (await the previous one)');
  running = true;
  const env = { POS_DATA_DIR: '', POS_URL: '', POS_TOKEN: '', POS_DATABASE_URL: '', ...options.env };
  const savedEnv = Object.fromEntries(Object.keys(env).map((key) => [key, process.env[key]]));
  const stdinDescriptor = Object.getOwnPropertyDescriptor(process, 'stdin');
  const { write: outWrite } = process.stdout;
  const { write: errWrite } = process.stderr;
  let stdout = '';
  let stderr = '';
  const capture = (append: (text: string) => void) =>
    ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      append(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
      const callback = rest.find((arg) => typeof arg === 'function') as (() => void) | undefined;
      callback?.();
      return true;
    }) as typeof process.stdout.write;
  try {
    for (const [key, value] of Object.entries(env)) process.env[key] = value;
    Object.defineProperty(process, 'stdin', {
      value: Readable.from([Buffer.from(options.input ?? '')]),
      configurable: true,
    });
    process.stdout.write = capture((text) => (stdout += text));
    process.stderr.write = capture((text) => (stderr += text));
    const code = await runCli(['node', 'pos', ...args]);
    return { code, stdout, stderr };
  } finally {
    process.stdout.write = outWrite;
    process.stderr.write = errWrite;
    if (stdinDescriptor) Object.defineProperty(process, 'stdin', stdinDescriptor);
    for (const [key, value] of Object.entries(savedEnv)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    running = false;
  }
}

/** `pos <args> --data-dir <dataDir>` in-process that must succeed (posIn's in-process twin): stdout, or a failed assertion. */
export function posInProcess(t: { equal(found: unknown, wanted: unknown, message: string): unknown }, dataDir: string) {
  return async (args: string[]): Promise<string> => {
    const result = await runPosInProcess([...args, '--data-dir', dataDir]);
    t.equal(result.code, 0, `pos ${args.join(' ')}: ${result.stderr}`);
    return result.stdout;
  };
}

/**
 * A test app made to listen on 127.0.0.1, and the environment that points `pos` (in-process) at it with a token of
 * `role`: the CLI's tests talk to it over HTTP as the executable would.
 */
export async function cliEnvFor(app: TestApp, role: Role = 'admin'): Promise<Record<string, string>> {
  await app.runtime.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.runtime.app.server.address() as { port: number };
  return { POS_URL: `http://127.0.0.1:${port}`, POS_TOKEN: await app.token(role) };
}
