import t from 'tap';
import { tempDir } from '../helpers/app.js';
import { LAN_HOST, launchBrowser } from '../helpers/browser.js';
import { startRealServer } from '../helpers/server.js';
import { adminApi, seedServerMenu } from '../helpers/venue.js';

// Two venues set up unlike the till journey's (test/e2e/till.test.ts), each with a server of its own: one that
// speaks Italian, and a counter-service venue whose tablet reaches it over plain http:// as on the venue's Wi-Fi.

t.test('the till at venues set up otherwise', async (t) => {
  const browser = await launchBrowser(t);
  if (!browser) {
    t.comment('SKIPPED: no chromium on this machine (apt-get install chromium); in CI this is a failure');
    return;
  }

  await t.test(
    'a venue that speaks Italian (pos serve --locale it): the till opens in Italian, ?lang=en switches',
    async (t) => {
      const italianDir = tempDir(t);
      const italian = await startRealServer(t, italianDir, ['--locale', 'it']);
      // A tablet set up in English.
      const tablet = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
      t.teardown(() => tablet.close());
      const till = await tablet.newPage();
      await till.goto(`${italian.url}/`);
      await till.getByRole('button', { name: 'Entra' }).waitFor();
      t.ok(await till.getByLabel('Utente').isVisible(), 'the login in Italian');
      t.equal(await till.getAttribute('html', 'lang'), 'it');
      t.equal(await till.title(), 'pos · Cassa', "the browser's tab in Italian too");
      await till.goto(`${italian.url}/?lang=en`);
      await till.getByRole('button', { name: 'Log in' }).waitFor();
      t.equal(await till.title(), 'pos · Till');
      t.ok(await till.getByLabel('Username').isVisible(), '?lang=en: English');
      await till.goto(`${italian.url}/`);
      await till.getByRole('button', { name: 'Log in' }).waitFor();
      t.ok(await till.getByLabel('Username').isVisible(), "the tablet remembers its choice over the venue's language");
      await till.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'IT' }).click();
      await till.getByRole('button', { name: 'Entra' }).waitFor();
      t.equal(await till.getAttribute('html', 'lang'), 'it', 'and the control switches it');
    },
  );
  await t.test(
    'a tablet on the venue Wi-Fi (plain http://, not a secure page) at a counter-service venue (--no-tables)',
    async (t) => {
      const counterDir = tempDir(t);
      const counter = await startRealServer(t, counterDir, ['--printing', 'off', '--no-tables']);
      await seedServerMenu(counterDir);
      const counterAdmin = adminApi(counterDir, () => counter.url).token;
      const authorized = { authorization: `Bearer ${counterAdmin}`, 'content-type': 'application/json' };
      const created = await fetch(`${counter.url}/v1/users`, {
        method: 'POST',
        headers: authorized,
        body: JSON.stringify({ username: 'giulia', password: 'sagra-2026', role: 'operator' }),
      });
      t.equal(created.status, 201);
      const lan = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      t.teardown(() => lan.close());
      const tablet = await lan.newPage();
      await tablet.goto(`http://${LAN_HOST}:${new URL(counter.url).port}/?lang=en`);
      t.equal(
        await tablet.evaluate(() => (globalThis as { isSecureContext?: boolean }).isSecureContext),
        false,
        'an ordinary http page, as on the LAN',
      );
      await tablet.getByLabel('Username').fill('giulia');
      await tablet.getByLabel('Password').fill('sagra-2026');
      await tablet.getByRole('button', { name: 'Log in' }).click();
      await tablet.getByRole('button', { name: 'Cassa 1' }).click();
      await tablet.getByLabel('Customer').waitFor();
      t.equal(await tablet.getByLabel('Table').count(), 0, 'no Table field at a counter-service venue');
      await tablet.getByRole('button', { name: /^Margherita/ }).click();
      await tablet.getByLabel('Customer').fill('Banco');
      // The outbox (IndexedDB) and its Idempotency-Key need no secure page: paid offline, sent when the Wi-Fi is back.
      await lan.setOffline(true);
      await tablet.getByRole('button', { name: 'Card' }).click();
      await tablet.getByRole('button', { name: 'Confirm card payment' }).click();
      await tablet.getByText(/Saved on this till/).waitFor({ timeout: 15_000 });
      await lan.setOffline(false);
      await tablet.getByRole('button', { name: '0 waiting' }).waitFor({ timeout: 30_000 });
      const listed = (await (await fetch(`${counter.url}/v1/orders`, { headers: authorized })).json()) as {
        orders: Array<Record<string, unknown>>;
      };
      t.equal(listed.orders.length, 1, 'one order reached the server');
      t.match(
        listed.orders[0],
        { customer: 'Banco', table: '—', paymentMethod: 'CARD', status: 'confirmed' },
        'sent with "—" for the table the API needs',
      );
    },
  );
});
