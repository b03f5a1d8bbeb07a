// A measuring aid, not part of any run. `NODE_OPTIONS="--import $PWD/scripts/cpu-at-exit.mjs" npm test` (an absolute
// path: the tests start processes in other folders) makes every node process that inherits NODE_OPTIONS append one
// line to $POS_CPU_LOG (default /tmp/pos-cpu.jsonl) as it exits: its command line, its own CPU seconds and those of
// the children it reaped (user + system, from /proc/self/stat). The `pos` processes the tests start without
// NODE_OPTIONS count among their test's children. Linux only.
import { appendFileSync, readFileSync } from 'node:fs';

const log = process.env.POS_CPU_LOG || '/tmp/pos-cpu.jsonl';
process.on('exit', () => {
  try {
    // Fields after the command's name: utime, stime, cutime, cstime are the 12th to the 15th, in clock ticks.
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    const seconds = (index) => Number(fields[index]) / 100;
    const line = {
      argv: process.argv.slice(1).join(' ').slice(0, 200),
      self: seconds(11) + seconds(12),
      children: seconds(13) + seconds(14),
    };
    appendFileSync(log, `${JSON.stringify(line)}\n`);
  } catch {
    // not Linux, or /proc not mounted: nothing to record
  }
});
