import t from 'tap';
import { ReportsScreen } from '../../../src/tui/screens/ReportsScreen.js';
import { lines, order, stockMenu } from '../../helpers/stock.js';
import { serve, show } from './harness.js';

t.test(
  'Reports: today hour by hour as bars, the top foods, each register, this evening beside the previous one',
  async (t) => {
    const { app, client } = await serve(t);
    const menu = await stockMenu(app);
    await order(app, lines([menu.panino, 2], [menu.birra, 1]));
    await order(app, lines([menu.birra, 3]));
    app.clock.advance(60_000); // the reports end at the server's "now": a minute on, the sales are in them
    const { shows } = show(t, <ReportsScreen client={client} width={100} height={20} active onCapture={() => {}} />);
    const text = await shows('the figures', (s) => s.includes('Today since 07:00: 2 orders'));
    t.match(text, /Takings hour by hour/);
    t.match(text, /\d\d {2}█+ +\d+\.\d\d/, 'a bar for the hour that sold');
    t.match(text, /Top foods[\s\S]*4 × Birra[\s\S]*2 × Panino/, 'the most sold first');
    t.match(text, /This evening \d+\.\d\d · the previous one 0\.00/);
    t.match(text, /r read again {2}1-8 screens {2}q quit/);
  },
);
