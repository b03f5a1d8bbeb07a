import { VERSION } from '../version.js';

// `pos … | head` closes the pipe once it has its lines: that is the reader's choice, not an error to report.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
}

// Asked often by scripts and people: answered before commander or any command module is loaded.
if (process.argv.length === 3 && (process.argv[2] === '--version' || process.argv[2] === '-v')) {
  process.stdout.write(`${VERSION}\n`);
} else {
  const { runCli } = await import('./run.js');
  process.exitCode = await runCli(process.argv);
}
