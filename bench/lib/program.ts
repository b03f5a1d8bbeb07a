import { fileURLToPath } from 'node:url';

// The bench runs from its TypeScript through tsx (`npm run bench`), or as tsc's JavaScript in dist/bench when the
// test suite runs its smoke checks: a program it starts runs the same way, so the smoke run never pays tsx's start.
const COMPILED = import.meta.url.endsWith('.js');

/** A program of bench/ (a path relative to bench/lib, `.ts`) as node's path and the arguments node needs for it. */
export function benchProgram(relative: string): { path: string; execArgv: string[] } {
  const file = COMPILED ? relative.replace(/\.ts$/, '.js') : relative;
  return { path: fileURLToPath(new URL(file, import.meta.url)), execArgv: COMPILED ? [] : ['--import', 'tsx'] };
}
