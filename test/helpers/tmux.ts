import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Whether tmux is installed (CI installs it; elsewhere the terminal tests say they skip). */
export const hasTmux = spawnSync('tmux', ['-V']).status === 0;

/**
 * A tmux server of the test's own (its own socket, no user configuration), ended when the test ends. A shared
 * default server exits when its last session ends, and a client that connects in that moment (the next test's new
 * session, or another file's, run beside it) fails with "server exited unexpectedly": this one stays up until
 * `kill-server`, whatever its sessions do.
 */
export function privateTmux(t: { teardown(fn: () => unknown): void }) {
  // Its socket in a folder of its own, removed with it (a killed server leaves its socket file behind).
  const folder = mkdtempSync(join(tmpdir(), 'pos-tmux-'));
  const socket = join(folder, 'socket');
  const tmux = (...args: string[]) =>
    execFileSync('tmux', ['-S', socket, '-f', '/dev/null', ...args], { encoding: 'utf8' });
  t.teardown(() => {
    spawnSync('tmux', ['-S', socket, 'kill-server']);
    rmSync(folder, { recursive: true, force: true });
  });
  return {
    tmux,
    /** A detached session of that size running `command`; the server outlives it. */
    open(session: string, width: number, height: number, command: string) {
      tmux(
        'new-session',
        '-d',
        '-s',
        session,
        '-x',
        String(width),
        '-y',
        String(height),
        command,
        ';',
        'set-option',
        '-g',
        'exit-empty',
        'off',
      );
    },
    /** Whether the session is still there (a program that quits ends its session). */
    has: (session: string) => spawnSync('tmux', ['-S', socket, 'has-session', '-t', session]).status === 0,
    kill: (session: string) => spawnSync('tmux', ['-S', socket, 'kill-session', '-t', session]),
  };
}
