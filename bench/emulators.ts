// The venue's printers: N ESC/POS emulators in one process (so they do not take CPU from the bench's own loop).
import { PrinterEmulator } from '../src/printer/emulator.js';

const count = Number(process.argv[2] ?? 6);
let tickets = 0;
const emulators = Array.from(
  { length: count },
  () => new PrinterEmulator({ host: '127.0.0.1', onTicket: () => void tickets++ }),
);
const ports = await Promise.all(emulators.map((emulator) => emulator.start()));
process.stdout.write(`${JSON.stringify({ ports })}\n`);
process.on('message', (message) => {
  if (message === 'count') process.send?.({ tickets });
});
process.on('SIGTERM', () => void Promise.all(emulators.map((emulator) => emulator.stop())).then(() => process.exit(0)));
