import { existsSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
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
 * storage) is closed when it ends. The browser itself closes when the process's tests are done.
 */
export async function launchBrowser(t: TestLike): Promise<Browser | null> {
  if (!existsSync(CHROMIUM)) {
    if (process.env['CI'])
      throw new Error(`${CHROMIUM} is missing: .ci/run installs Debian's chromium before the tests`);
    return null;
  }
  shared ??= startChromium();
  const browser = await shared;
  const before = new Set(browser.contexts());
  t.teardown(async () => {
    await Promise.all(
      browser
        .contexts()
        .filter((context) => !before.has(context))
        .map((context) => context.close()),
    );
  });
  return browser;
}

async function startChromium(): Promise<Browser> {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
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
  });
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
