import t from 'tap';
import { VenueScreen } from '../../../src/tui/screens/VenueScreen.js';
import { serve, show } from './harness.js';

t.test('Venue: the name and receipt lines edited; only what changed is sent; a refusal beside its field', async (t) => {
  const { app, client } = await serve(t);
  const { type, shows } = show(t, <VenueScreen client={client} width={80} height={20} active onCapture={() => {}} />);
  await shows('the venue', (s) => s.includes('The venue:') && s.includes('Till asks the table'));
  await type('e');
  await shows('the form', (s) => s.includes('› Name'));
  await type('Sagra del Borgo\tPro Loco | Via Roma 1\t\t\t\t\u007f\u007f\u007f\u007f999\u0013');
  let text = await shows('the refusal', (s) => s.includes('✗'));
  t.match(text, /› To the strip after \(min\)\s+999\s+✗ at most 240/, "the server's bound, beside the minutes");
  await type('\u007f\u007f\u007f10\u0013');
  text = await shows('saved', (s) => s.includes('venue saved'));
  t.match(text, /Name\s+Sagra del Borgo/);
  t.match(text, /Receipt header\s+Pro Loco \| Via Roma 1/);
  t.match(await client.getVenue(), {
    name: 'Sagra del Borgo',
    receiptHeader: ['Pro Loco', 'Via Roma 1'],
    pickupAfterMinutes: 10,
  });
  void app;
});
