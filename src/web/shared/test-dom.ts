import { Window } from 'happy-dom';
import * as React from 'react';
// Every catalog at once, as Node has them (a page in the browser loads its own words before its first paint).
import '../../i18n/index.js';

// For the component tests beside the components (*.test.tsx, run by tap): a DOM in Node (happy-dom) put where React
// and Testing Library look for it. Imported by tests only, so the pages' bundles never see it.

const window = new Window({ url: 'http://127.0.0.1/', width: 1280, height: 800 });
const globals = globalThis as unknown as Record<string, unknown>;
for (const key of Object.getOwnPropertyNames(window)) {
  if (key in globals || key.startsWith('_')) continue;
  try {
    globals[key] = (window as unknown as Record<string, unknown>)[key];
  } catch {
    // a getter that only works on the window itself: not needed by the tests
  }
}
globals['window'] = window;
globals['document'] = window.document;
globals['navigator'] = window.navigator;
// tsx compiles src/web with the classic JSX transform (React.createElement): the root tsconfig.json, the one tsx
// reads, leaves src/web out (the server never sees DOM types), so its "react-jsx" does not reach these files.
globals['React'] = React;
// Tell React that updates are wrapped in act(): Testing Library does it.
globals['IS_REACT_ACT_ENVIRONMENT'] = true;

export const dom = window;
