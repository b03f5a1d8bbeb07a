import t from 'tap';
import { isIP } from 'node:net';
import { isIPv4, PrinterInput, printerAddress } from '../../src/api/printers.js';
import { PRINTER_COLUMNS } from '../../src/api/enums.js';

// The contract checks IPv4 without node:net (it runs in the browser too): the same answers as Node's own rule.

const CANDIDATES = [
  '0.0.0.0',
  '127.0.0.1',
  '192.168.1.50',
  '255.255.255.255',
  '256.1.1.1',
  '1.2.3',
  '1.2.3.4.5',
  '01.2.3.4',
  '1.02.3.4',
  '1.2.3.04',
  '00.0.0.0',
  '1.2.3.4 ',
  ' 1.2.3.4',
  '1..3.4',
  '1.2.3.-4',
  '+1.2.3.4',
  '1.2.3.4/24',
  '0x1.2.3.4',
  '1e0.2.3.4',
  '249.250.251.252',
  '199.200.209.210',
  '300.1.1.1',
  '',
  '::1',
  'fe80::1',
  '１.2.3.4',
  '1.2.3.٤',
];

t.test('isIPv4 agrees with net.isIP', async (t) => {
  for (const value of CANDIDATES) t.equal(isIPv4(value), isIP(value) === 4, JSON.stringify(value));
  for (let i = 0; i < 2000; i++) {
    const parts = Array.from({ length: 4 }, () =>
      String(Math.floor(Math.random() * 300)).padStart(Math.random() < 0.1 ? 3 : 0, '0'),
    );
    const value = parts.join('.');
    t.equal(isIPv4(value), isIP(value) === 4, value);
  }
});

t.test('a printer address is an IPv4 address or a host name, trimmed', async (t) => {
  t.equal(printerAddress.parse(' 192.168.1.50 '), '192.168.1.50');
  t.equal(printerAddress.parse('kitchen-printer.local'), 'kitchen-printer.local');
  for (const bad of ['256.1.1.1', '01.2.3.4', '1.2.3', '::1', 'bad_host', '-printer', ''])
    t.notOk(printerAddress.safeParse(bad).success, bad);
});

t.test('the paper widths are exactly the enum', async (t) => {
  const input = (columns: unknown) => PrinterInput.safeParse({ name: 'Bar', ip: '10.0.0.2', columns }).success;
  t.ok(PRINTER_COLUMNS.length > 0);
  for (const columns of PRINTER_COLUMNS) t.ok(input(columns), `${columns}`);
  for (const columns of [0, 31, 40, 47.5, 80, '48']) t.notOk(input(columns), `${columns}`);
});
