import t from 'tap';
import { type DoctorFacts, formatReport, isReady, MIN_FREE_BYTES, runChecks } from '../../src/cli/doctor/checks.js';

// pos doctor's checks, one by one, on facts as gather.ts collects them: a ready venue passes all, and each thing
// that goes wrong is named with the command that fixes it.

const stamp = { createdAt: '2026-11-21T17:00:00.000Z', updatedAt: '2026-11-21T17:00:00.000Z' };
const printer = (id: string, name: string, status: 'ONLINE' | 'OFFLINE' | 'ERROR' = 'ONLINE') => ({
  id,
  name,
  ip: '192.168.1.50',
  port: 9100,
  description: '',
  status,
  statusReason: null,
  columns: 48,
  cashDrawer: false,
  kitchenTickets: true,
});

function readyVenue(): DoctorFacts {
  const category = { id: 'k1', name: 'Primi', available: true, position: 1, printerId: 'p1', ticketPerUnit: false };
  return {
    url: 'http://127.0.0.1:4300',
    serverError: null,
    catalog: {
      printers: [printer('p1', 'Cucina'), printer('p2', 'Cassa')],
      categories: [
        category,
        { id: 'k2', name: 'Bevande', available: true, position: 2, printerId: null, ticketPerUnit: true },
      ],
      foods: [
        {
          id: 'f1',
          name: 'Polenta',
          description: '',
          price: 8,
          categoryId: 'k1',
          printerId: null,
          available: true,
          category,
          stock: null,
          portionsLeft: null,
          role: null,
          choices: [],
          position: 0,
          allergens: [],
        },
        {
          id: 'f2',
          name: 'Acqua',
          description: '',
          price: 1,
          categoryId: 'k2',
          printerId: null,
          available: true,
          category: { ...category, id: 'k2', name: 'Bevande' },
          stock: null,
          portionsLeft: null,
          role: null,
          choices: [],
          position: 0,
          allergens: [],
        },
      ],
      registers: [{ id: 'r1', name: 'Cassa 1', enabled: true, defaultPrinterId: 'p2', categoryIds: null }],
      users: [
        { id: 'u1', username: 'admin', role: 'admin', ...stamp },
        { id: 'u2', username: 'anna', role: 'operator', ...stamp },
      ],
    },
    local: {
      host: '0.0.0.0',
      backup: { dir: '/media/usb', everyMs: 600_000, keep: 12 },
      dataDir: '/srv/pos',
      databaseBytes: 5_000_000,
      dataDirFreeBytes: 10 * MIN_FREE_BYTES,
      backupFreeBytes: 10 * MIN_FREE_BYTES,
    },
    lan: [{ url: 'http://192.168.1.10:4300', ok: true }],
  };
}

const statusOf = (facts: DoctorFacts) => Object.fromEntries(runChecks(facts).map((check) => [check.id, check.status]));
const findings = (facts: DoctorFacts, id: string) => runChecks(facts).find((check) => check.id === id)?.findings ?? [];

t.test('a ready venue: every check ok, ready', async (t) => {
  const results = runChecks(readyVenue());
  t.same(
    results.map((check) => check.status),
    Array(8).fill('ok'),
  );
  t.ok(isReady(results));
  t.match(formatReport(results), /The venue is ready\./);
});

t.test('the server does not answer: the fix is pos serve, the rest is skipped, not ready', async (t) => {
  const facts = { ...readyVenue(), serverError: 'ECONNREFUSED', catalog: null };
  t.match(statusOf(facts), { server: 'problem', printers: 'skipped', routing: 'skipped', lan: 'skipped' });
  t.match(findings(facts, 'server'), [{ problem: /ECONNREFUSED/, fix: /^pos serve/ }]);
  t.notOk(isReady(runChecks(facts)));
});

t.test('a printer not ONLINE, or none at all', async (t) => {
  const facts = readyVenue();
  facts.catalog!.printers[0] = { ...printer('p1', 'Cucina', 'ERROR'), statusReason: 'PAPER_OUT' } as never;
  t.match(findings(facts, 'printers'), [
    { problem: /Cucina .* is ERROR \(PAPER_OUT\)/, fix: /pos printers test Cucina/ },
  ]);
  facts.catalog!.printers = [];
  t.match(findings(facts, 'printers'), [{ problem: 'no printers', fix: /pos printers add/ }]);
  t.notOk(isReady(runChecks(facts)));
});

t.test(
  'routing: a food with no printer of its own or of its category prints at the register, if every register has one',
  async (t) => {
    const facts = readyVenue();
    t.equal(statusOf(facts).routing, 'ok', 'Acqua goes to the register printer');
    facts.catalog!.registers.push({
      id: 'r2',
      name: 'Cassa 2',
      enabled: true,
      defaultPrinterId: null,
      categoryIds: null,
    });
    t.match(findings(facts, 'routing'), [
      {
        problem: /^1 food of Bevande goes to no printer or station: Acqua/,
        fix: /pos categories edit Bevande --printer/,
      },
    ]);
    facts.catalog!.foods[1]!.role = 'COVER';
    t.equal(statusOf(facts).routing, 'ok', 'the cover charge goes to no kitchen on purpose');
    facts.catalog!.foods[1]!.role = null;
    facts.catalog!.foods[1]!.available = false;
    t.equal(statusOf(facts).routing, 'ok', 'a food switched off does not count');
  },
);

t.test('registers: none, or all disabled', async (t) => {
  const facts = readyVenue();
  facts.catalog!.registers[0]!.enabled = false;
  t.match(findings(facts, 'registers'), [
    { problem: 'every cash register is disabled', fix: 'pos registers edit "Cassa 1" --enabled' },
  ]);
  facts.catalog!.registers = [];
  t.match(findings(facts, 'registers'), [{ problem: 'no cash register', fix: /pos registers add/ }]);
});

t.test('operators: an admin alone cannot sell', async (t) => {
  const facts = readyVenue();
  facts.catalog!.users = facts.catalog!.users.filter((user) => user.role === 'admin');
  t.match(findings(facts, 'operators'), [{ fix: /pos users add --username cassa1 --role operator/ }]);
});

t.test('backups: off, folder gone, or no room; disk of the data dir', async (t) => {
  const facts = readyVenue();
  facts.local!.backup = null;
  t.match(findings(facts, 'backups'), [{ fix: /pos serve --backup-every 10m --backup-dir/ }]);
  facts.local!.backup = { dir: '/media/usb', everyMs: 600_000, keep: 12 };
  facts.local!.backupFreeBytes = null;
  t.match(findings(facts, 'backups'), [{ problem: /cannot be reached/ }]);
  facts.local!.backupFreeBytes = MIN_FREE_BYTES - 1;
  t.match(findings(facts, 'backups'), [{ problem: /free for backups/ }]);
  facts.local!.databaseBytes = MIN_FREE_BYTES; // needs 3 backups of it
  facts.local!.backupFreeBytes = 2 * MIN_FREE_BYTES;
  t.match(findings(facts, 'backups'), [{ problem: /only 400 MB free for backups in \/media\/usb \(600 MB needed\)/ }]);
  facts.local!.dataDirFreeBytes = MIN_FREE_BYTES;
  t.match(findings(facts, 'disk'), [{ problem: /only 200 MB free in \/srv\/pos/ }]);
});

t.test('from another machine: backups and disk are skipped (not problems), the LAN answered', async (t) => {
  const facts = { ...readyVenue(), local: null, lan: [] };
  t.match(statusOf(facts), { backups: 'skipped', disk: 'skipped', lan: 'ok' });
  t.ok(isReady(runChecks(facts)));
});

t.test('LAN: listening on localhost only, no network, or no answer on the LAN address', async (t) => {
  const facts = readyVenue();
  facts.local!.host = '127.0.0.1';
  t.match(findings(facts, 'lan'), [{ problem: /listens on 127\.0\.0\.1 only/, fix: /pos serve --host 0\.0\.0\.0/ }]);
  facts.local!.host = '0.0.0.0';
  facts.lan = [];
  t.match(findings(facts, 'lan'), [{ problem: /on no network/ }]);
  facts.lan = [{ url: 'http://192.168.1.10:4300', ok: false, error: 'ETIMEDOUT' }];
  t.match(findings(facts, 'lan'), [
    { problem: /no answer at http:\/\/192\.168\.1\.10:4300 \(ETIMEDOUT\)/, fix: /ufw allow 4300\/tcp/ },
  ]);
  t.match(formatReport(runChecks(facts)), /Not ready yet/);
});
