import t from 'tap';
import { buildTestApp } from '../helpers/app.js';
import { launchBrowser } from '../helpers/browser.js';

// /docs is sent with the web apps' Content-Security-Policy: Swagger UI still works under it in Chromium (its
// scripts and stylesheets are files of the server; nothing from outside).

t.test('Swagger UI renders the API under the page policy; no script is refused', async (t) => {
  const browser = await launchBrowser(t);
  if (!browser) {
    t.comment('SKIPPED: no chromium on this machine');
    return;
  }
  const app = await buildTestApp(t);
  await app.runtime.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.runtime.app.server.address() as { port: number };
  const page = await browser.newPage();
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  const response = await page.goto(`http://127.0.0.1:${port}/docs`);
  t.match(response?.headers()['content-security-policy'], /default-src 'self'/);
  await page.getByRole('heading', { name: /^pos/ }).first().waitFor({ timeout: 30_000 });
  await page
    .getByRole('button', { name: /\/v1\/auth\/logout/ })
    .first()
    .waitFor({ timeout: 30_000 });
  t.pass('the document is rendered, operations listed');
  // Swagger UI's bundle adds one <style> element of its own, which the policy refuses (no 'unsafe-inline'): the page
  // keeps its stylesheet files and works; no script is ever refused.
  const others = violations.filter((text) => !/^Applying inline style/.test(text));
  t.same(others, [], 'no other Content-Security-Policy violation');
});
