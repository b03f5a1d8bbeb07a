import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { PACKAGE_ROOT } from '../../src/version.js';
import type { TestLike } from './app.js';

/** A host name the test browser resolves to 127.0.0.1: a LAN address as the tablets at a venue use it. */
export const LAN_HOST = 'pos.lan';

export const CHROMIUM = process.env['POS_CHROMIUM'] ?? '/usr/bin/chromium';

let shared: Promise<Browser> | undefined;

/**
 * Debian's chromium, headless, with the flags that keep it off the network. Returns null (and the test skips) only
 * outside CI: in CI (`CI=true`) a missing browser is a failure, never a silent pass.
 *
 * One browser serves every test of a process (the browser files share processes: package.json's testGroups); each
 * test gets it clean, as a tablet fresh from its box: what a test opened (its contexts and their pages, cookies and
 * storage) is closed when it ends. The browser itself closes (or, when shared by the whole run, is let go) when the
 * process's tests are done.
 */
export async function launchBrowser(t: TestLike & { passing?(): boolean; name?: string }): Promise<Browser | null> {
  if (!existsSync(CHROMIUM)) {
    if (process.env['CI'])
      throw new Error(`${CHROMIUM} is missing: .ci/run installs Debian's chromium before the tests`);
    return null;
  }
  shared ??= startChromium();
  const browser = await shared;
  const before = new Set(browser.contexts());
  t.teardown(async () => {
    const opened = browser.contexts().filter((context) => !before.has(context));
    if (t.passing?.() === false) await keepFailedScreens(opened, t.name ?? 'test');
    await Promise.all(opened.map((context) => context.close()));
  });
  return browser;
}

/**
 * A failed browser test leaves a picture of each page it still had open (`.tap/screenshots/failed/`), so a failure
 * seen once on a busy machine can be read afterwards: which screen the page was on, and what covered it.
 */
async function keepFailedScreens(contexts: BrowserContext[], testName: string): Promise<void> {
  const dir = join(PACKAGE_ROOT, '.tap', 'screenshots', 'failed');
  mkdirSync(dir, { recursive: true });
  const base = testName.replace(/[^\p{L}\p{N}]+/gu, '-').slice(0, 80);
  const pages = contexts.flatMap((context) => context.pages());
  for (const [index, page] of pages.entries()) {
    const path = join(dir, `${base}-${index + 1}.png`);
    await page.screenshot({ path, fullPage: true }).catch(() => {}); // a page that crashed has no picture to give
  }
}

/** How the tests start Chromium: each test process, or test/helpers/tap-compiled.mjs once for a whole run. */
export const CHROMIUM_LAUNCH = {
  executablePath: CHROMIUM,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    // `http://pos.lan:<port>` reaches the test's server on 127.0.0.1 as a tablet on the venue's Wi-Fi would: an
    // ordinary http origin, not a secure context (127.0.0.1 and localhost are), so the till is tested without the
    // features browsers keep for secure pages (crypto.randomUUID, service workers).
    `--host-resolver-rules=MAP ${LAN_HOST} 127.0.0.1`,
  ],
};

/**
 * `npm test` starts one Chromium for the whole run and names it in POS_TEST_BROWSER: a process connects to it (each
 * launch and close of a browser of its own cost about 3 s of CPU, and a run had ten). Closing the connection closes
 * what this process opened and leaves the browser to the other files. A file run alone launches its own.
 */
async function startChromium(): Promise<Browser> {
  const { chromium } = await import('playwright-core');
  const endpoint = process.env['POS_TEST_BROWSER'];
  const browser = endpoint ? await chromium.connect(endpoint) : await chromium.launch(CHROMIUM_LAUNCH);
  // tap is loaded here, not at the top: the benchmark reads CHROMIUM from this file outside any test.
  const { default: tap } = await import('tap');
  tap.teardown(() => browser.close());
  return browser;
}

/**
 * Opens a screen the way a person does, without touching it. Each Playwright wait runs script in the page as if
 * the user had tapped it, and a page tapped before it makes its audio may play sound at once; so the test waits
 * from outside for the screen's first call to the server (made once the screen is drawn and has asked for sound)
 * before it looks inside.
 */
export async function openUntouched(page: Page, url: string, firstCall: RegExp): Promise<void> {
  const called = page.waitForRequest(firstCall, { timeout: 30_000 });
  await page.goto(url);
  await called;
}
