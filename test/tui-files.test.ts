import t from 'tap';
import { runGroup } from './helpers/shared-process.js';

// The dashboard's component and screen tests (Ink on a captured terminal), run in one process: see
// test/helpers/shared-process.ts and package.json's testGroups.
await runGroup(t, 'test/tui-files.test.ts');
