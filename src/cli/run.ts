import { type Command, CommanderError } from 'commander';
import { terminalJson } from '../client/terminal-text.js';
import { CliError, errorJson, userMessage } from './errors.js';
import { printErr } from './output.js';
import { loadProgram } from './program.js';
import { VERSION } from '../version.js';

/** commander's "error: …" over several lines as one sentence. */
const oneLine = (text: string) =>
  text
    .replace(/^error: /, '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join(' ');

/**
 * Runs one `pos …` command line and returns its exit code: 0, 1 for a usage mistake or a refusal (said on stderr),
 * 2 for a bug. The executable (main.ts) and the tests that run the CLI in-process share it.
 */
export async function runCli(argv: string[]): Promise<number> {
  // Asked often by scripts and people: answered before any command module is loaded.
  if (argv.length === 3 && (argv[2] === '--version' || argv[2] === '-v')) {
    process.stdout.write(`${VERSION}\n`);
    return 0;
  }
  const program = await loadProgram(argv);
  // Every command, not only the root: a subcommand's --help or usage mistake ends here too, with its exit code,
  // instead of calling process.exit (which would end a test that runs the CLI in-process).
  // commander's own refusals (an unknown flag or command) too are JSON when JSON was asked for; the options are not
  // parsed yet when commander refuses, so the command line is read as typed.
  const wantsJson = argv.slice(2).includes('--json');
  const outputError = (text: string, write: (text: string) => void) =>
    write(wantsJson ? `${terminalJson({ error: { code: 'usage', message: oneLine(text) } })}\n` : text);
  const override = (command: Command) => {
    command.exitOverride();
    command.configureOutput({ outputError });
    if (wantsJson) command.showHelpAfterError(false); // one JSON object on stderr, nothing after it
    command.commands.forEach(override);
  };
  override(program);
  // A command that finished but says "not ready" (pos doctor, pos setup) sets process.exitCode: that is its answer.
  // Read and put back, so one in-process run does not leak its code into the next.
  const outer = process.exitCode;
  process.exitCode = undefined;
  try {
    await program.parseAsync(argv);
    return Number(process.exitCode ?? 0);
  } catch (error) {
    // --help and --version exit 0; usage mistakes exit 1 (commander already printed why).
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 1;
    // A script that asked for JSON reads the error as JSON too (on stderr: stdout stays the answer's).
    const asJson = program.opts<{ json?: boolean }>().json === true ? errorJson(error) : null;
    if (asJson) {
      process.stderr.write(`${terminalJson(asJson)}\n`);
      return error instanceof CliError ? error.exitCode : 1;
    }
    if (error instanceof CliError) {
      printErr(`error: ${error.message}`);
      return error.exitCode;
    }
    const message = userMessage(error);
    if (message !== null) {
      printErr(`error: ${message}`);
      return 1;
    }
    printErr(`unexpected error: ${(error as Error)?.stack ?? String(error)}`);
    process.stderr.write('This is a bug in pos: please report it with the output above.\n');
    return 2;
  } finally {
    process.exitCode = outer;
  }
}
