import t from 'tap';
import { PrintersScreen } from '../../../src/tui/screens/PrintersScreen.js';
import { serve, show } from './harness.js';

t.test(
  'Printers: added, an address the server refuses said beside it, status and what waits, a test print',
  async (t) => {
    const { app, client } = await serve(t);
    const { type, shows } = show(
      t,
      <PrintersScreen client={client} width={80} height={20} active onCapture={() => {}} />,
    );
    await shows('the empty list', (s) => s.includes('nothing here yet'));
    await type('a');
    await shows('the form', (s) => s.includes('New printer'));
    await type('Bar\tnot an address!\u0013');
    let text = await shows('the refusal', (s) => s.includes('✗'));
    t.match(text, /› Address\s+not an address!\s+✗ an IPv4 address \(192\.168\.1\.50\) or a host name/);
    await type('\u001b[A\u001b[B'); // ↑ ↓: back on the address
    for (let i = 0; i < 'not an address!'.length; i++) await type('\u007f');
    await type('127.0.0.1\t\u007f\u007f\u007f\u007f9\u0013');
    text = await shows('the printer', (s) => /Bar\s+127\.0\.0\.1:9\s+\S+\s+0\s+48/.test(s));
    const [printer] = await client.printers();
    t.match(printer, { name: 'Bar', ip: '127.0.0.1', port: 9, columns: 48 });
    await type('t');
    await shows('the test sent', (s) => s.includes('test ticket sent to Bar: did it come out?'));
    const jobs = await client.printJobs({ status: ['queued', 'printing'] });
    t.equal(jobs.length, 1, `the test page waits for the printer (no print worker here): ${JSON.stringify(jobs)}`);
    await shows('one ticket waiting', (s) => /Bar\s+127\.0\.0\.1:9\s+\S+\s+1\s+48/.test(s));
    void app;
  },
);
