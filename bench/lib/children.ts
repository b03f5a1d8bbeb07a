import { type ChildProcess, fork } from 'node:child_process';
import { createInterface } from 'node:readline';
import { benchProgram } from './program.js';

/** Forks a program of the bench (see benchProgram) and waits for the JSON line it prints once it is ready. */
export async function forkReady<T>(file: string, args: string[] = []): Promise<{ child: ChildProcess; info: T }> {
  const program = benchProgram(file);
  const child = fork(program.path, args, {
    execArgv: program.execArgv,
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const lines = createInterface({ input: child.stdout! });
  const info = await new Promise<T>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${file} exited with ${code} before it was ready`)));
    lines.once('line', (line) => resolve(JSON.parse(line) as T));
  });
  return { child, info };
}

export function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
  });
}
