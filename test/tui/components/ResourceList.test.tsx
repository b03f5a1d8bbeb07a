import { render } from 'ink-testing-library';
import t from 'tap';
import { type ListRow, ResourceList } from '../../../src/tui/components/ResourceList.js';
import { fitColumns, keyLines } from '../../../src/tui/format.js';
import { waitFor } from '../../helpers/wait.js';

const ROWS: ListRow[] = [
  { id: 'a', cells: ['Cucina', '127.0.0.1:9100', 'ONLINE'] },
  { id: 'b', cells: ['Bar', '127.0.0.1:9101', 'OFFLINE'], tone: 'error' },
];

t.test(
  '↑↓ choose, a adds, e or Enter edits, x deletes only after y; other keys of the screen get the row',
  async (t) => {
    const calls: string[] = [];
    const captured: boolean[] = [];
    const instance = render(
      <ResourceList
        title="Printers"
        columns={['Name', 'Address', 'Status']}
        rows={ROWS}
        onAdd={() => calls.push('add')}
        onEdit={(id) => calls.push(`edit ${id}`)}
        onDelete={(id) => calls.push(`delete ${id}`)}
        keys={{ t: (id) => calls.push(`test ${id}`) }}
        help="a add  e edit  x delete  t test print"
        width={80}
        height={10}
        onCapture={(on) => captured.push(on)}
      />,
    );
    t.teardown(() => instance.unmount());
    const frame = (what: string, check: (text: string) => boolean) =>
      waitFor(what, () => (check(instance.lastFrame() ?? '') ? (instance.lastFrame() ?? '') : null), {
        timeoutMs: 15_000,
        intervalMs: 10,
        detail: () => instance.lastFrame() ?? '',
      });
    let text = await frame('the list', (f) => f.includes('› Cucina'));
    t.match(text, /Name {4}Address {9}Status/, 'headings as wide as their column');
    t.match(text, /a add {2}e edit {2}x delete {2}t test print/, 'the keys at the bottom');
    instance.stdin.write('\u001b[B');
    await frame('Bar chosen', (f) => f.includes('› Bar'));
    instance.stdin.write('t');
    instance.stdin.write('e');
    instance.stdin.write('a');
    await waitFor('three calls', () => calls.length === 3, { timeoutMs: 15_000 });
    t.same(calls, ['test b', 'edit b', 'add']);
    instance.stdin.write('x');
    text = await frame('the question', (f) => f.includes('Delete Bar? y yes, n no'));
    t.same(captured, [true], 'the question takes the keys');
    instance.stdin.write('n');
    await frame('no question', (f) => !f.includes('Delete Bar?'));
    t.equal(calls.length, 3, 'n deleted nothing');
    instance.stdin.write('x');
    await frame('the question again', (f) => f.includes('Delete Bar?'));
    instance.stdin.write('y');
    await waitFor('deleted', () => calls.includes('delete b'), { timeoutMs: 15_000 });
    t.same(captured, [true, false, true, false]);
  },
);

t.test('while the rows load, it says so and takes no action', async (t) => {
  const calls: string[] = [];
  const instance = render(
    <ResourceList
      title="Printers"
      columns={['Name']}
      rows={null}
      onAdd={() => calls.push('add')}
      help="a add"
      width={80}
      height={8}
    />,
  );
  t.teardown(() => instance.unmount());
  await waitFor('loading', () => (instance.lastFrame() ?? '').includes('loading…'), { timeoutMs: 15_000 });
  instance.stdin.write('a');
  instance.rerender(
    <ResourceList
      title="Printers"
      columns={['Name']}
      rows={[]}
      onAdd={() => calls.push('add')}
      help="a add"
      width={80}
      height={8}
    />,
  );
  await waitFor('read', () => (instance.lastFrame() ?? '').includes('nothing here yet: a adds one'), {
    timeoutMs: 15_000,
  });
  instance.stdin.write('a');
  await waitFor('the add once read', () => calls.length === 1, { timeoutMs: 15_000 });
  t.same(calls, ['add'], 'the a pressed while loading did nothing');
});

t.test('a table wider than the terminal cuts its widest cells, never its last columns', async (t) => {
  const instance = render(
    <ResourceList
      title="Casse"
      columns={['Nome', 'Stampante scontrini', 'In uso', 'Categorie mostrate', 'Cassetto', 'Note']}
      keep={[4]}
      rows={[
        {
          id: 'a',
          cells: ['Bar dei ragazzi della Pro Loco', 'Cassa centrale', 'sì', 'tutte', 'attesi 1.234,50 · anna', ''],
        },
        { id: 'b', cells: ['Cassa 1', 'Cassa centrale', 'sì', 'tutte', '-', ''] },
      ]}
      help="a aggiungi"
      width={80}
      height={8}
      onCapture={() => {}}
    />,
  );
  t.teardown(() => instance.unmount());
  const text = await waitFor(
    'the list',
    () => (instance.lastFrame()?.includes('Cassa 1') ? instance.lastFrame() : null),
    {
      timeoutMs: 15_000,
    },
  );
  const lines = text.split('\n');
  t.ok(
    lines.every((line) => line.length <= 79),
    `no line past the edge:\n${text}`,
  );
  t.match(text, /Cassetto\s*$/m, 'the last heading with something under it is there');
  t.notMatch(text, /Note/, 'a column with nothing in it is left out');
  t.match(text, /attesi 1\.234,50 · anna/, 'and the drawer, what matters most to the treasurer, whole');
  t.match(text, /Stampante sco… /, 'a heading wider than its cells gives way first');
  t.match(text, /Bar dei ragazzi de… /, 'then the longest name gives up its end');
});

t.test('fitColumns: headings give way to their cells, then the widest column, a kept one last', async (t) => {
  const columns = (...pairs: Array<[heading: number, cells: number]>) =>
    pairs.map(([heading, cells]) => ({ heading, cells }));
  t.same(fitColumns(columns([4, 10], [4, 4], [6, 2]), 30), [10, 4, 6], 'room enough: unchanged');
  t.same(fitColumns(columns([4, 30], [19, 14], [6, 2]), 50), [26, 14, 6], 'the heading first, then the long name');
  t.same(fitColumns(columns([4, 30], [4, 30], [4, 4]), 50), [21, 21, 4], 'two long columns share it');
  t.same(fitColumns(columns([8, 1], [4, 30]), 30), [8, 20], 'a heading of eight over dashes stays whole ("Cassetto")');
  const kept = [{ heading: 4, cells: 30, keep: true }, ...columns([4, 20], [4, 20])];
  t.same(fitColumns(kept, 60), [30, 13, 13], 'the kept column whole while the others can give');
  t.same(fitColumns(kept, 40), [24, 6, 6], 'and narrowed once they are at the floor');
  t.same(
    fitColumns(columns([8, 10], [8, 10], [8, 10]), 10),
    [6, 6, 6],
    'never under the floor: the line is cut at its end',
  );
});

t.test('the cursor stays on its row: back from a form, and when the rows come back in another order', async (t) => {
  const rows: ListRow[] = [
    { id: 'a', cells: ['Cucina'] },
    { id: 'b', cells: ['Bar'] },
    { id: 'c', cells: ['Cassa'] },
  ];
  const selected: Array<string | null> = [];
  const toggled: Array<string | null> = [];
  const list = (shown: ListRow[], selectedId: string | null) => (
    <ResourceList
      title="Printers"
      columns={['Name']}
      rows={shown}
      keys={{ ' ': (id) => void toggled.push(id) }}
      help="space on/off"
      width={80}
      height={10}
      selectedId={selectedId}
      onSelect={(id) => selected.push(id)}
    />
  );
  const first = render(list(rows, null));
  const frame = (instance: ReturnType<typeof render>, what: string, check: (text: string) => boolean) =>
    waitFor(what, () => (check(instance.lastFrame() ?? '') ? (instance.lastFrame() ?? '') : null), {
      timeoutMs: 15_000,
      intervalMs: 10,
      detail: () => instance.lastFrame() ?? '',
    });
  await frame(first, 'the list', (f) => f.includes('› Cucina'));
  first.stdin.write('\u001b[B');
  await frame(first, 'Bar chosen', (f) => f.includes('› Bar'));
  t.same(selected, ['b'], 'the screen is told');
  first.unmount(); // a form opens in its place
  const again = render(list([...rows].reverse(), 'b'));
  t.teardown(() => again.unmount());
  await frame(again, 'back on Bar, now second of the reversed list', (f) => f.includes('› Bar'));
  again.stdin.write(' ');
  await waitFor('the key acted', () => toggled.length === 1, { timeoutMs: 15_000 });
  t.same(toggled, ['b'], 'space acts on the row the cursor came back to');
  again.rerender(list([rows[1] as ListRow, rows[2] as ListRow, rows[0] as ListRow], 'b'));
  await frame(again, 'still on Bar when the rows are read again in another order', (f) => /› Bar/.test(f));
});

t.test('a long message takes two lines, broken at a space, and the list gives up a row for it', async (t) => {
  const rows: ListRow[] = ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => ({ id, cells: [`Cassa ${id}`] }));
  const message =
    'difference -3.50, expected 293.50, card terminal -0.50 · drawer of Cassa grande closed; Stampante cassa is OFFLINE: it prints when back';
  const instance = render(
    <ResourceList
      title="Registers"
      columns={['Name']}
      rows={rows}
      help="a add"
      message={message}
      width={60}
      height={10}
    />,
  );
  t.teardown(() => instance.unmount());
  const text = await waitFor(
    'the list',
    () => (instance.lastFrame()?.includes('Cassa a') ? instance.lastFrame() : null),
    {
      timeoutMs: 15_000,
    },
  );
  t.match(
    text,
    /\ndifference -3\.50, expected 293\.50, card terminal -0\.50 ·\ndrawer of Cassa grande closed; Stampante cassa is OFFLINE:…\n/,
  );
  t.match(text, /Cassa d\n/, 'four rows of six');
  t.notMatch(text, /Cassa e/);
  t.ok(
    text.split('\n').every((line) => line.length <= 59),
    text,
  );
});

t.test(
  'on a narrow terminal the key help breaks between keys onto a second line, and the list gives up a row',
  async (t) => {
    const rows: ListRow[] = ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => ({ id, cells: [`Pizza ${id}`] }));
    const help = '↑↓  a add  e edit  x delete  u/d up/down  space sold out/on sale  c categories';
    const instance = render(
      <ResourceList title="Menu" columns={['Name']} rows={rows} help={help} width={60} height={10} />,
    );
    t.teardown(() => instance.unmount());
    const text = await waitFor(
      'the list',
      () => (instance.lastFrame()?.includes('Pizza a') ? instance.lastFrame() : null),
      {
        timeoutMs: 15_000,
      },
    );
    const lines = text.trimEnd().split('\n');
    t.same(
      lines.slice(-2),
      ['↑↓  a add  e edit  x delete  u/d up/down', 'space sold out/on sale  c categories'],
      'no key cut',
    );
    t.match(text, /Pizza d\n/, 'four rows of six');
    t.notMatch(text, /Pizza e/);
    t.ok(lines.length <= 10 && lines.every((line) => line.length <= 59), text);
  },
);

t.test('keyLines: one line when it fits; else two, broken between keys; the rest of a third cut', async (t) => {
  t.same(keyLines('a add  e edit', 20), ['a add  e edit']);
  t.same(keyLines('a add  e edit  x delete', 16), ['a add  e edit', 'x delete']);
  t.same(keyLines('a add  e edit  x delete  t test print', 14), ['a add  e edit', 'x delete  t t…']);
  t.same(keyLines('one-very-long-key  b', 8), ['one-ver…', 'b'], 'a key longer than the line is cut, not lost');
});
