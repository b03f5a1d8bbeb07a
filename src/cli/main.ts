import { CommanderError } from 'commander';
import { CliError, userMessage } from './errors.js';
import { printErr } from './output.js';
import { loadProgram } from './program.js';
import { VERSION } from '../version.js';

// `pos … | head` closes the pipe once it has its lines: that is the reader's choice, not an error to report.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
}

async function main(argv: string[]): Promise<void> {
  // Asked often by scripts and people: answered before any command module is loaded.
  if (argv.length === 3 && (argv[2] === '--version' || argv[2] === '-v')) {
    process.stdout.write(`${VERSION}\n`);
    return;
  }
  const program = await loadProgram(argv);
  program.exitOverride();
  try {
    await program.parseAsync(argv);
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version exit 0; usage mistakes exit 1 (commander already printed why).
      process.exitCode = error.exitCode === 0 ? 0 : 1;
      return;
    }
    if (error instanceof CliError) {
      printErr(`error: ${error.message}`);
      process.exitCode = error.exitCode;
      return;
    }
    const message = userMessage(error);
    if (message !== null) {
      printErr(`error: ${message}`);
      process.exitCode = 1;
      return;
    }
    printErr(`unexpected error: ${(error as Error)?.stack ?? String(error)}`);
    process.stderr.write('This is a bug in pos: please report it with the output above.\n');
    process.exitCode = 2;
  }
}

await main(process.argv);
