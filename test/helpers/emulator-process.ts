import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestLike } from './app.js';
import { nodeCommand, POS_BIN } from './server.js';
import { waitFor } from './wait.js';

export interface EmulatorProcess {
  port: number;
  outDir: string;
  process: ChildProcess;
  /** The tickets written so far, oldest first. */
  tickets(): string[];
  waitForTickets(count: number, timeoutMs?: number): Promise<string[]>;
  send(command: string): void;
  stop(): Promise<void>;
}

/** Starts `pos printer-emulator` (the real command) and waits until it listens. */
export async function startEmulatorProcess(
  t: TestLike,
  outDir: string,
  port = 0,
  columns = 48,
): Promise<EmulatorProcess> {
  const child = spawn(
    ...nodeCommand([POS_BIN, 'printer-emulator', '--port', String(port), '--out', outDir, '--width', String(columns)]),
    { stdio: ['pipe', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let alive = true;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exited.then(() => (alive = false));
  t.teardown(() => {
    if (alive) child.kill('SIGKILL');
  });
  const bound = await waitFor(
    'the printer emulator to listen',
    () => {
      const match = /listening on [\d.]+:(\d+)/.exec(output);
      if (match) return Number(match[1]);
      if (!alive) throw new Error(`printer emulator exited before it listened:\n${output}`);
      return 0;
    },
    { timeoutMs: 60_000, detail: () => output }, // a bound for a machine busy with other work
  );
  const tickets = () =>
    existsSync(outDir)
      ? readdirSync(outDir)
          .filter((name) => name.endsWith('.txt'))
          .sort()
          .map((name) => readFileSync(join(outDir, name), 'utf8'))
      : [];
  return {
    port: bound,
    outDir,
    process: child,
    tickets,
    async waitForTickets(count, timeoutMs = 20_000) {
      // The emulator creates a ticket's file, then writes it: a file read in between is empty, so a ticket counts
      // once its text is there (no ticket is empty).
      return waitFor(
        `${count} tickets in ${outDir}`,
        () => {
          const written = tickets();
          return written.length >= count && written.every((text) => text.length > 0) ? written : null;
        },
        { timeoutMs, detail: () => `${tickets().length} of ${count} tickets written` },
      );
    },
    send(command) {
      child.stdin?.write(`${command}\n`);
    },
    async stop() {
      if (!alive) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}
