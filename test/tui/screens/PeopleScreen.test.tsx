import t from 'tap';
import { deviceAddress, PeopleScreen } from '../../../src/tui/screens/PeopleScreen.js';
import { serve, show } from './harness.js';

t.test(
  'People: a person added (a short password refused beside it, in Italian); a TV key shows its address and QR once',
  async (t) => {
    const { app, client } = await serve(t);
    const { type, shows } = show(
      t,
      <PeopleScreen client={client} width={80} height={22} active onCapture={() => {}} />,
      'it',
    );
    await shows('the people', (s) => s.includes('Persone:') && s.includes('admin'));
    await type('a');
    await shows('the form', (s) => s.includes('Nuova persona'));
    await type('maria\t\tcorta\u0013');
    const text = await shows('the refusal', (s) => s.includes('✗'));
    t.match(text, /› Password\s+•••••\s+✗ almeno 8 caratteri/, 'a dot for each character typed, never the word');
    t.notMatch(text, /corta/);
    await type('-lunga-abbastanza\u0013');
    await shows('maria', (s) => /maria\s+operatore \(cassa\)/.test(s));
    await type('d');
    await shows('the device keys', (s) => s.includes('Chiavi dei dispositivi'));
    await type('a');
    await shows('the key form', (s) => s.includes('Nuova chiave') && s.includes('‹ la TV (numeri pronti) ›'));
    await type('TV\u0013');
    const shown = await shows('the address', (s) => s.includes('Apri sul dispositivo:'));
    t.match(shown.replace(/\n/g, ''), /\/display\?key=posk_\w+/, 'the address of the TV page, with its key');
    t.match(shown, /[▀▄█]/, 'and its QR code');
    t.match(shown.split('\n')[0], /[▀▄█].*la chiave si vede solo ora/, 'said once, beside the code');
    t.ok(shown.split('\n').length <= 22, 'all of it within the screen of a 24-row terminal');
    await type('x');
    await shows('the keys again', (s) => /TV\s+la TV/.test(s));
    t.match(await client.list('/v1/api-keys'), [{ name: 'TV', scope: 'display' }]);
    void app;
  },
);

t.test("the address a device opens is reachable from the network, not this machine's loopback", async (t) => {
  t.equal(deviceAddress('http://192.168.1.20:4300', '/display', 'k 1'), 'http://192.168.1.20:4300/display?key=k%201');
  t.match(
    deviceAddress('http://127.0.0.1:4300', '/kitchen', 'k'),
    /^http:\/\/[\d.]+:4300\/kitchen\?key=k$/,
    'an IPv4 address of this machine',
  );
});
