import { render } from 'ink-testing-library';
import t from 'tap';
import { ApiError } from '../../../src/client/errors.js';
import { Form, type FieldValue, type FormField } from '../../../src/tui/components/Form.js';
import { DashboardLocale } from '../../../src/tui/texts.js';
import { waitFor } from '../../helpers/wait.js';

const FIELDS: FormField[] = [
  { key: 'name', label: 'Name', kind: 'text' },
  { key: 'price', label: 'Price', kind: 'text', hint: '4,50' },
  {
    key: 'columns',
    label: 'Paper',
    kind: 'choice',
    choices: ['48', '42', '32'].map((value) => ({ value, label: value })),
  },
  { key: 'drawer', label: 'Drawer', kind: 'switch' },
];

function mount(
  t: { teardown(fn: () => void): void },
  save: (values: Record<string, FieldValue>) => Promise<void>,
  locale: 'en' | 'it' = 'en',
) {
  const done: boolean[] = [];
  const instance = render(
    <DashboardLocale.Provider value={locale}>
      <Form
        title="New printer"
        fields={FIELDS}
        initial={{ name: '', price: '', columns: '48', drawer: false }}
        save={save}
        onDone={(saved) => done.push(saved)}
        width={80}
        height={10}
      />
    </DashboardLocale.Provider>,
  );
  t.teardown(() => instance.unmount());
  const frame = (what: string, check: (text: string) => boolean) =>
    waitFor(what, () => (check(instance.lastFrame() ?? '') ? (instance.lastFrame() ?? '') : null), {
      timeoutMs: 15_000,
      intervalMs: 10,
      detail: () => instance.lastFrame() ?? '',
    });
  return { instance, done, frame };
}

t.test(
  'Tab and ↓ go on, Shift-Tab and ↑ back; space changes a choice and a switch; Ctrl-S saves what was typed',
  async (t) => {
    const saved: Array<Record<string, FieldValue>> = [];
    const { instance, done, frame } = mount(t, async (values) => void saved.push(values));
    await frame('the form', (f) => f.includes('› Name'));
    instance.stdin.write('Bar');
    instance.stdin.write('\t');
    await frame('the price field', (f) => f.includes('› Price'));
    instance.stdin.write('4,50');
    instance.stdin.write('\u001b[B'); // ↓
    instance.stdin.write(' ');
    await frame('42 chosen', (f) => f.includes('‹ 42 ›'));
    instance.stdin.write('\u001b[Z'); // Shift-Tab
    await frame('back on the price', (f) => f.includes('› Price'));
    instance.stdin.write('\u001b[B\u001b[B');
    await frame('on the drawer', (f) => f.includes('› Drawer'));
    instance.stdin.write(' ');
    await frame('the drawer on', (f) => f.includes('[x] yes'));
    instance.stdin.write('\u0013'); // Ctrl-S
    await waitFor('saved', () => done.length === 1, { timeoutMs: 15_000 });
    t.same(saved, [{ name: 'Bar', price: '4,50', columns: '42', drawer: true }]);
    t.same(done, [true]);
  },
);

t.test('keys that arrive as one chunk are taken one by one: Tab, Backspace and Ctrl-S included', async (t) => {
  const saved: Array<Record<string, FieldValue>> = [];
  const { instance, done, frame } = mount(t, async (values) => void saved.push(values));
  await frame('the form', (f) => f.includes('› Name'));
  instance.stdin.write('Cucinx\u007fa\t7\u0013');
  await waitFor('saved', () => done.length === 1, { timeoutMs: 15_000 });
  t.same(saved[0], { name: 'Cucina', price: '7', columns: '48', drawer: false });
});

t.test('Enter on the last field saves; Esc cancels without saving', async (t) => {
  const saved: Array<Record<string, FieldValue>> = [];
  const { instance, done, frame } = mount(t, async (values) => void saved.push(values));
  await frame('the form', (f) => f.includes('› Name'));
  instance.stdin.write('\r');
  await frame('Enter goes on before the last field', (f) => f.includes('› Price'));
  t.same(done, [], 'not saved');
  instance.stdin.write('\r\r');
  await frame('the last field', (f) => f.includes('› Drawer'));
  instance.stdin.write('\r');
  await waitFor('saved', () => done.length === 1, { timeoutMs: 15_000 });
  const other = mount(t, async (values) => void saved.push(values));
  await other.frame('the form', (f) => f.includes('› Name'));
  other.instance.stdin.write('\u001b');
  await waitFor('cancelled', () => other.done.length === 1, { timeoutMs: 15_000 });
  t.same(other.done, [false]);
  t.equal(saved.length, 1, 'Esc saved nothing');
});

t.test(
  "the server's refusal shows beside the field of details[].path, in the console's language; the cursor goes there",
  async (t) => {
    let refuse = true;
    const { instance, done, frame } = mount(
      t,
      async () => {
        if (refuse) {
          refuse = false;
          throw new ApiError(400, 'body.price: must be an amount with at most 2 decimals', {
            statusCode: 400,
            code: 'validation',
            error: 'Bad Request',
            message: 'x',
            details: [
              { path: 'body.price', message: 'must be an amount with at most 2 decimals', code: 'not-an-amount' },
            ],
          });
        }
      },
      'it',
    );
    await frame('the form', (f) => f.includes('› Name'));
    instance.stdin.write('\u0013');
    const text = await frame('the refusal', (f) => f.includes('✗'));
    t.match(text, /› Price\s+✗ un importo con al massimo 2 decimali, come 4,50/, 'beside the price, in Italian');
    t.notMatch(text, /Name\s+✗/);
    t.match(text, /Ctrl-S salva {2}Esc annulla/, 'the keys in Italian');
    instance.stdin.write('\u0013');
    await waitFor('saved the second time', () => done.length === 1, { timeoutMs: 15_000 });
  },
);

t.test('the words come from the detail code and its limit, never from the English message', async (t) => {
  const { instance, frame } = mount(
    t,
    async () => {
      throw new ApiError(400, 'body.name: the name is far too long', {
        statusCode: 400,
        code: 'validation',
        error: 'Bad Request',
        message: 'x',
        // A message no pattern would recognise: only the code and the limit can tell what to say.
        details: [{ path: 'body.name', message: 'the name is far too long', code: 'too-long', limit: 100 }],
      });
    },
    'it',
  );
  await frame('the form', (f) => f.includes('› Name'));
  instance.stdin.write('\u0013');
  const text = await frame('the refusal', (f) => f.includes('✗'));
  t.match(text, /Name\s+✗ al massimo 100 caratteri/, 'the Italian words for too-long, with the limit');
  t.notMatch(text, /far too long/, 'not the English message');
});

t.test('a long label keeps its words and a space before the value; one longer than the column is cut', async (t) => {
  const fields: FormField[] = [
    { key: 'counted', label: 'Contanti contati (attesi 1.234,50)', kind: 'text' },
    { key: 'card', label: 'Totale del POS (può restare vuoto)', kind: 'text' },
    { key: 'long', label: 'Una etichetta lunghissima che nessuno scriverebbe mai così', kind: 'text' },
  ];
  const instance = render(
    <Form
      title="Conta e chiudi"
      fields={fields}
      initial={{ counted: '224,50', card: '105,00', long: 'x' }}
      save={async () => {}}
      onDone={() => {}}
      width={80}
      height={10}
    />,
  );
  t.teardown(() => instance.unmount());
  const text = await waitFor('the form', () => instance.lastFrame()?.replace(/\u001b\[[0-9;]*m/g, '') || null, {
    timeoutMs: 15_000,
  });
  t.match(text, /Contanti contati \(attesi 1\.234,50\) +224,50/, 'the expected cash whole, apart from the count');
  t.match(text, /Totale del POS \(può restare vuoto\) +105,00/);
  t.match(text, /Una etichetta lunghissima che ness… x/, 'cut, with a space before its value');
});
