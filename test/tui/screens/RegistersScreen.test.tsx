import t from 'tap';
import { RegistersScreen } from '../../../src/tui/screens/RegistersScreen.js';
import { serve, show } from './harness.js';

t.test(
  'Registers: a printer is needed first; added at a printer, switched off with space, deleted after asking',
  async (t) => {
    const { app, client } = await serve(t);
    const { type, shows } = show(
      t,
      <RegistersScreen client={client} width={80} height={20} active onCapture={() => {}} />,
    );
    await shows('the empty list', (s) => s.includes('nothing here yet'));
    await type('a');
    await shows('no printer yet', (s) => s.includes('add a printer first (screen 3)'));
    await client.create('/v1/printers', { name: 'Cassa', ip: '127.0.0.1', port: 9 });
    const again = show(t, <RegistersScreen client={client} width={80} height={20} active onCapture={() => {}} />);
    await again.shows('read again', (s) => s.includes('nothing here yet'));
    await again.type('a');
    await again.shows('the form', (s) => s.includes('New register') && s.includes('‹ Cassa ›'));
    await again.type('Cassa 1\u0013');
    await again.shows('the register', (s) => /Cassa 1\s+Cassa\s+yes/.test(s));
    await again.type(' ');
    await again.shows('off', (s) => /Cassa 1\s+Cassa\s+no/.test(s));
    t.match(await client.cashRegisters(), [{ name: 'Cassa 1', enabled: false }]);
    void app;
    void type;
  },
);
