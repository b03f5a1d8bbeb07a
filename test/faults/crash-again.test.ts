// The crash rounds of test/faults/crash.test.ts once more, in a process of their own: another random seed (the
// comment at the top of the output names it), another data dir. Two files of ten rounds instead of one of twenty,
// so neither holds a tap slot for long; CRASH_SEED and CRASH_ROUNDS apply to both.
await import('./crash.test.js');
