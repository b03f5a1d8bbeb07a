import t from 'tap';
import { Console } from '../../src/tui/Console.js';
import { httpSource } from '../../src/tui/source.js';
import { serve, show } from './screens/harness.js';

t.test(
  "an admin switches screens with the number keys; a number typed in the board's search stays there",
  async (t) => {
    const { client } = await serve(t);
    const { type, shows } = show(
      t,
      <Console client={client} admin source={httpSource(client)} frameMs={10} refreshMs={60_000} />,
    );
    let text = await shows('the board with the tab bar', (s) => s.includes('[1 Orders]') && s.includes('Pending (0)'));
    t.match(text, /\[1 Orders\]2 Menu 3 Printers 4 Registers 5 People 6 Reports 7 Closure 8 Venue/);
    await type('3');
    text = await shows('the printers', (s) => s.includes('[3 Printers]') && s.includes('Printers: tickets'));
    t.notMatch(text, /Pending \(0\)/, 'the board is not drawn under it');
    await type('8');
    await shows('the venue', (s) => s.includes('[8 Venue]') && s.includes('The venue:'));
    await type('1');
    await shows('the board again', (s) => s.includes('[1 Orders]') && s.includes('Pending (0)'));
    await type('/');
    await shows('the search', (s) => s.includes('find:'));
    await type('3');
    text = await shows('3 typed in the search', (s) => s.includes('find: 3'));
    t.match(text, /\[1 Orders\]/, 'still on the board');
  },
);

t.test('an operator gets the orders board alone, as before: no tabs, the number keys do nothing', async (t) => {
  const { client } = await serve(t);
  const { type, shows } = show(
    t,
    <Console client={client} admin={false} source={httpSource(client)} frameMs={10} refreshMs={60_000} />,
  );
  let text = await shows('the board', (s) => s.includes('Pending (0)'));
  t.notMatch(text, /Orders\]|2 Menu/, 'no tab bar');
  await type('3');
  await type('/');
  text = await shows('the search, still on the board', (s) => s.includes('find:'));
  t.notMatch(text, /Printers: tickets/);
});
