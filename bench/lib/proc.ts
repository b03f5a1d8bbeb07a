import { readFileSync } from 'node:fs';

// Figures of another process read from /proc (Linux): the server's own CPU time and memory, not the bench's.

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** User + system CPU time the process has used so far, in milliseconds. */
export function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/** Resident set size in MB. */
export function rssMb(pid: number): number {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  return kb / 1024;
}

/** Samples the RSS every 250 ms until stopped; returns the peak. */
export function watchPeakRss(pid: number): { stop(): number } {
  let peak = rssMb(pid);
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rssMb(pid));
    } catch {
      // the process is gone: keep the last peak
    }
  }, 250);
  return {
    stop() {
      clearInterval(timer);
      return peak;
    },
  };
}
