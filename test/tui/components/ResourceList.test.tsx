import { render } from 'ink-testing-library';
import t from 'tap';
import { type ListRow, ResourceList } from '../../../src/tui/components/ResourceList.js';
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
        timeoutMs: 3000,
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
    await waitFor('three calls', () => calls.length === 3, { timeoutMs: 3000 });
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
    await waitFor('deleted', () => calls.includes('delete b'), { timeoutMs: 3000 });
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
  await waitFor('loading', () => (instance.lastFrame() ?? '').includes('loading…'), { timeoutMs: 3000 });
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
    timeoutMs: 3000,
  });
  instance.stdin.write('a');
  await waitFor('the add once read', () => calls.length === 1, { timeoutMs: 3000 });
  t.same(calls, ['add'], 'the a pressed while loading did nothing');
});
