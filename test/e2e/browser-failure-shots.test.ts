import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { PACKAGE_ROOT } from '../../src/version.js';
import { launchBrowser } from '../helpers/browser.js';

// A browser test that fails leaves a picture of each page it had open, and closes them all the same; one that
// passes leaves none. Driven with a stand-in for tap's test, so no test of the suite has to fail for it.

const FAILED = join(PACKAGE_ROOT, '.tap', 'screenshots', 'failed');

async function openAndEnd(passing: boolean, name: string) {
  const teardowns: Array<() => unknown> = [];
  const browser = await launchBrowser({ teardown: (fn) => teardowns.push(fn), passing: () => passing, name });
  if (!browser) return null;
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.setContent('<button>Nuovo ordine</button>');
  for (const teardown of teardowns) await teardown();
  return { browser, context };
}

t.test('a failed browser test leaves a picture of its pages', async (t) => {
  for (const name of ['a failed step', 'a passed step'])
    rmSync(join(FAILED, `${name.replace(/ /g, '-')}-1.png`), { force: true });
  const failed = await openAndEnd(false, 'a failed step');
  if (!failed) {
    t.comment('SKIPPED: no chromium on this machine (apt-get install chromium); in CI this is a failure');
    return;
  }
  t.ok(existsSync(join(FAILED, 'a-failed-step-1.png')), 'the page, as it was when the test ended');
  t.notOk(failed.browser.contexts().includes(failed.context), 'and its tablet closed all the same');
  await openAndEnd(true, 'a passed step');
  t.notOk(existsSync(join(FAILED, 'a-passed-step-1.png')), 'a passing test leaves no picture');
});
