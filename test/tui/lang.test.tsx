import { render } from 'ink-testing-library';
import t from 'tap';
import { Header } from '../../src/tui/components/Header.js';
import { OrderBoard } from '../../src/tui/components/OrderBoard.js';
import { PrintersPanel } from '../../src/tui/components/PrintersPanel.js';
import { Footer } from '../../src/tui/components/Footer.js';
import { type DashboardState, initialState } from '../../src/tui/state.js';
import { DashboardLocale, dashboardLocale, dashboardTexts, offlineMessage } from '../../src/tui/texts.js';
import { CATALOGS, type Locale, LOCALES, type MessageKey } from '../../src/i18n/index.js';
import { food } from './fixtures.js';
import { runPos } from '../helpers/server.js';

// The dashboard in the venue's language (pos serve --locale, or pos dashboard --lang): its labels come from the
// catalogs the web apps and the tickets use. The keys at the bottom keep their letters in every language (they are
// mnemonics of the English words), and their help is in the board's language.

const NOW = Date.parse('2026-11-21T19:00:00.000Z');

function frameIn(locale: Locale, element: React.ReactElement): string {
  const instance = render(<DashboardLocale.Provider value={locale}>{element}</DashboardLocale.Provider>);
  const text = instance.lastFrame() ?? '';
  instance.unmount();
  return text.replace(/\u001b\[[0-9;]*m/g, '');
}

t.test("in Italian: the stages, today's figures with Italian money, the connection, the printers", async (t) => {
  const figures = { orders: 87, revenue: 120450, cash: 98000, card: 22450 }; // cents
  const header = frameIn(
    'it',
    <Header connection="offline" figures={figures} now={NOW} width={120} timezone="Europe/Rome" />,
  );
  t.match(header, /oggi 87 ordini · 1204,50 \(contanti 980,00 · carta 224,50\)\s+NON IN LINEA/);
  t.match(frameIn('it', <Header connection="live" figures={null} now={NOW} width={80} />), /oggi –\s+in linea/);
  const board = frameIn('it', <OrderBoard state={initialState()} width={100} height={5} now={NOW} lateMinutes={15} />);
  for (const title of ['Da pagare (0)', 'In cucina (0)', 'Pronti (0)', 'Ritirati (0)']) t.match(board, title);
  t.match(frameIn('it', <PrintersPanel printers={[]} />), /stampanti: nessuna configurata/);
  const printers = [
    { id: 'p', name: 'Cucina', status: 'ONLINE', statusReason: null, held: 0 },
    { id: 'b', name: 'Bar', status: 'OFFLINE', statusReason: null, held: 4 },
    { id: 'c', name: 'Cassa', status: 'ERROR', statusReason: null, held: 0 },
  ];
  t.match(
    frameIn('it', <PrintersPanel printers={printers} />),
    /^stampanti: Cucina ACCESA · Bar SPENTA \(4 in attesa\) · Cassa DA CONTROLLARE/,
  );
  const paperOut = [{ id: 'c', name: 'Cassa', status: 'ERROR', statusReason: 'PAPER_OUT', held: 2 }];
  t.match(
    frameIn('it', <PrintersPanel printers={paperOut} />),
    /^stampanti: Cassa SENZA CARTA \(2 in attesa\)/,
    'what to fix, not only that something is wrong',
  );
});

t.test('in English by default, as before', async (t) => {
  const header = render(
    <Header
      connection="live"
      figures={{ orders: 3, revenue: 2250, cash: 1000, card: 1250 }}
      now={NOW}
      width={120}
      timezone="Europe/Rome"
    />,
  );
  t.match(header.lastFrame(), /today 3 orders · 22\.50 \(cash 10\.00 · card 12\.50\)\s+live/);
  header.unmount();
  const board = frameIn('en', <OrderBoard state={initialState()} width={100} height={5} now={NOW} lateMinutes={15} />);
  for (const title of ['Pending (0)', 'In the kitchen (0)', 'Ready (0)', 'Picked up (0)']) t.match(board, title);
});

t.test('pos dashboard --lang refuses a language it does not have', async (t) => {
  const result = runPos(['dashboard', '--lang', 'fr']);
  t.equal(result.code, 1);
  t.match(result.stderr, /--lang must be one of en, it, got "fr"/);
});

t.test("the board speaks the venue's language unless --lang says otherwise", async (t) => {
  t.equal(await dashboardLocale(undefined, async () => ({ locale: 'it' })), 'it', "the venue's, from /health");
  t.equal(await dashboardLocale('en', async () => ({ locale: 'it' })), 'en', '--lang wins');
  t.equal(await dashboardLocale(undefined, async () => ({})), 'en', 'a server that does not tell');
  t.equal(
    await dashboardLocale(undefined, async () => Promise.reject(new Error('offline'))),
    'en',
    'a server that refuses',
  );
  t.equal(
    await dashboardLocale(undefined, () => new Promise(() => {}), 50),
    'en',
    'a server that does not answer in time',
  );
});

t.test('the key help of every mode fits an 80-column terminal in every language', async (t) => {
  const modes: Array<DashboardState['mode']> = ['board', 'items', 'register', 'pay', 'foods', 'stock', 'search'];
  const foods = [food('a', 'Porchetta', 'Panini')];
  for (const locale of LOCALES) {
    for (const mode of modes) {
      const text = frameIn(
        locale,
        <Footer state={{ ...initialState(), mode, foods, stockInput: '+50', search: 'K7P' }} width={80} />,
      );
      t.equal(text.split('\n').length, 1, `${locale} ${mode}: one line`);
      t.notMatch(text, /…/, `${locale} ${mode}: whole, not cut (${text})`);
    }
  }
  const board = frameIn('it', <Footer state={initialState()} width={120} />);
  t.match(board, /n fase successiva {2}b indietro {2}i\/Invio apri {2}r ristampa/, 'the long help on a wide terminal');
  t.match(
    frameIn('it', <Footer state={{ ...initialState(), mode: 'stock', stockInput: '+5', foods }} width={80} />),
    /^Porchetta, rimasti: \+5 {2}200 \/ \+50/,
  );
});

t.test('why the board is offline, in its language', async (t) => {
  const it = dashboardTexts('it');
  const en = dashboardTexts('en');
  const refused = {
    cause: { kind: 'unreachable', detail: 'TypeError: fetch failed: connect ECONNREFUSED 127.0.0.1:4300' },
    retryInMs: 2000,
  } as const;
  t.equal(offlineMessage(en, refused), 'server unreachable, retrying in 2 s');
  t.equal(offlineMessage(it, refused), 'server non raggiungibile, riprovo tra 2 s');
  t.equal(
    offlineMessage(it, { cause: { kind: 'answered', status: 503 }, retryInMs: 4000 }),
    'il server ha risposto HTTP 503, riprovo tra 4 s',
  );
  t.equal(
    offlineMessage(en, { cause: { kind: 'silent', idleMs: 45_000 }, retryInMs: 1000 }),
    'no news from the server (nothing heard for 45 s), retrying in 1 s',
  );
  t.equal(
    offlineMessage(it, { cause: { kind: 'silent', idleMs: 45_000 }, retryInMs: 1000 }),
    'nessuna notizia dal server da 45 s, riprovo tra 1 s',
  );
  t.equal(offlineMessage(it, { refused: 401 }), 'il server ha rifiutato gli aggiornamenti (HTTP 401): accedi di nuovo');
  t.equal(it.amount(123450), '1234,50', "an order's total as Italian writes it, ungrouped for the narrow columns");
  t.equal(it.status('picked_up'), 'RITIRATO');
  t.equal(it.left(null), 'non contati');
});

t.test("the console's key help fits an 80-column terminal in every language, two spaces between keys", async (t) => {
  for (const locale of LOCALES) {
    const { t: say } = dashboardTexts(locale);
    const keys = Object.keys(CATALOGS.en).filter((key) => key.startsWith('console.keys.') && !key.endsWith('.form'));
    t.ok(keys.length >= 10, 'every screen has one');
    for (const key of keys) {
      const text = say(key as MessageKey);
      // Ink cuts a line one column short of the terminal: 79 characters are whole.
      t.ok(text.length <= 79, `${locale} ${key}: ${text.length} characters (${text})`);
      // One space between a key's words, two between keys: "a aggiungi e modifica" read as "add and edit".
      t.notMatch(text, /(\S+ ){5}\S+/, `${locale} ${key}: the keys apart (${text})`);
    }
  }
});
