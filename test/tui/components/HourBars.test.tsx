import { render } from 'ink-testing-library';
import t from 'tap';
import { HourBars } from '../../../src/tui/components/HourBars.js';

t.test('the best hour is the longest bar; an hour without sales has none; the amounts line up', async (t) => {
  const instance = render(
    <HourBars
      bars={[
        { hour: '19', cents: 10_000, label: '100,00' },
        { hour: '20', cents: 40_000, label: '400,00' },
        { hour: '21', cents: 0, label: '0,00' },
      ]}
      width={40}
    />,
  );
  const lines = (instance.lastFrame() ?? '').split('\n');
  instance.unmount();
  const bar = (line: string | undefined) => (line ?? '').split('█').length - 1;
  t.equal(bar(lines[1]), 4 * bar(lines[0]), 'four times the takings, four times the bar');
  t.equal(bar(lines[2]), 0, 'no sale, no bar');
  t.match(lines[0], /^19 {2}█+ +100,00$/);
  t.equal(lines[0]?.length, lines[1]?.length, 'the amounts end in one column');
  t.ok(
    lines.every((line) => line.length <= 40),
    'within its width',
  );
});
