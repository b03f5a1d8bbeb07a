import { existsSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import type { TestLike } from './app.js';

export const CHROMIUM = process.env['POS_CHROMIUM'] ?? '/usr/bin/chromium';

/**
 * Debian's chromium, headless, with the flags that keep it off the network. Returns null (and the test skips) only
 * outside CI: in CI (`CI=true`) a missing browser is a failure, never a silent pass.
 */
export async function launchBrowser(t: TestLike): Promise<Browser | null> {
  if (!existsSync(CHROMIUM)) {
    if (process.env['CI']) throw new Error(`${CHROMIUM} is missing: .ci/run installs Debian's chromium before the tests`);
    return null;
  }
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  t.teardown(() => browser.close());
  return browser;
}
