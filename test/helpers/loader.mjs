// Preloaded into every test process (package.json `tap.node-arg`): a TypeScript test file runs through tsx, which
// costs a process about a second of CPU over plain node. `npm test` runs tsc's output instead
// (test/helpers/tap-compiled.mjs), JavaScript that needs no loader at all.
if (/\.tsx?$/.test(process.argv[1] ?? '')) await import('tsx');
