import { createInterface, type Interface } from 'node:readline';
import { CliError } from '../errors.js';

// Plain questions in the terminal, one readline for the whole run, so answers piped in (a script, a test) are read
// in order: lines that arrive before their question wait in a queue instead of being lost.

export class Prompter {
  private readonly rl: Interface;
  private readonly queue: string[] = [];
  private waiting: ((line: string | null) => void) | null = null;
  private ended = false;

  constructor(
    input: NodeJS.ReadableStream = process.stdin,
    private readonly output: NodeJS.WritableStream = process.stdout,
  ) {
    this.rl = createInterface({ input, terminal: false });
    this.rl.on('line', (line) => {
      if (this.waiting) {
        const resolve = this.waiting;
        this.waiting = null;
        resolve(line);
      } else this.queue.push(line);
    });
    this.rl.on('close', () => {
      this.ended = true;
      this.waiting?.(null);
      this.waiting = null;
    });
  }

  say(text = ''): void {
    this.output.write(`${text}\n`);
  }

  private next(): Promise<string | null> {
    if (this.queue.length > 0) return Promise.resolve(this.queue.shift() as string);
    if (this.ended) return Promise.resolve(null);
    return new Promise((resolve) => (this.waiting = resolve));
  }

  /** The answer, trimmed; Enter alone gives `fallback` (shown in brackets). */
  async ask(question: string, fallback = ''): Promise<string> {
    this.output.write(`${question}${fallback ? ` [${fallback}]` : ''}: `);
    const line = await this.next();
    if (line === null) throw new CliError('the answers ended before the setup did (nothing more was changed)');
    if (!process.stdin.isTTY) this.output.write('\n');
    return line.trim() || fallback;
  }

  /** y/n with a default (Enter); anything else is asked again. */
  async confirm(question: string, fallback: boolean): Promise<boolean> {
    for (;;) {
      const answer = (await this.ask(`${question} (${fallback ? 'Y/n' : 'y/N'})`)).toLowerCase();
      if (answer === '') return fallback;
      if (['y', 'yes', 's', 'si', 'sì'].includes(answer)) return true;
      if (['n', 'no'].includes(answer)) return false;
      this.say('  please answer y or n');
    }
  }

  /** One of the numbered choices; Enter gives `fallback`. */
  async choose(question: string, choices: readonly string[], fallback: number): Promise<number> {
    choices.forEach((choice, index) => this.say(`  ${index + 1}) ${choice}`));
    for (;;) {
      const answer = await this.ask(question, String(fallback + 1));
      const index = Number(answer) - 1;
      if (Number.isInteger(index) && index >= 0 && index < choices.length) return index;
      this.say(`  please answer a number from 1 to ${choices.length}`);
    }
  }

  close(): void {
    this.rl.close();
  }
}
