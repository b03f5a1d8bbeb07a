import { createInterface } from 'node:readline/promises';
import { terminalText } from '../client/terminal-text.js';
import { CliError } from './errors.js';

/** The whole of standard input, without the final line break (`--password-stdin`). */
export async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

export async function ask(question: string): Promise<string> {
  if (!process.stdin.isTTY) throw new CliError(`cannot ask "${question.trim()}" without a terminal: pass it as a flag`);
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return (await rl.question(terminalText(question))).trim();
  } finally {
    rl.close();
  }
}

/** Reads a password from the terminal without echoing it. */
export async function askPassword(question: string): Promise<string> {
  const stdin = process.stdin;
  if (!stdin.isTTY) throw new CliError('no terminal to type the password in: use --password-stdin');
  process.stderr.write(question);
  stdin.setRawMode(true);
  stdin.resume();
  stdin.setEncoding('utf8');
  return new Promise((resolve, reject) => {
    let value = '';
    const done = (error?: Error) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off('data', onData);
      process.stderr.write('\n');
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') return done();
        if (char === '\u0003') return done(new CliError('cancelled'));
        if (char === '\u007f' || char === '\b') value = value.slice(0, -1);
        else value += char;
      }
    };
    stdin.on('data', onData);
  });
}
