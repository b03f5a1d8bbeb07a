import t from 'tap';
import { runGroup } from './helpers/shared-process.js';

// The dashboard driven in tmux, as a person types, run in one process: see test/helpers/shared-process.ts and
// package.json's testGroups.
await runGroup(t, 'test/terminal-files.test.ts');
