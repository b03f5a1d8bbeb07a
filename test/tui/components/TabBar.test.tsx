import { render } from 'ink-testing-library';
import t from 'tap';
import { SCREENS, TabBar } from '../../../src/tui/components/TabBar.js';
import { DashboardLocale } from '../../../src/tui/texts.js';

const frame = (element: React.ReactElement) => {
  const instance = render(element);
  const text = (instance.lastFrame() ?? '').replace(/\u001b\[[0-9;]*m/g, '');
  instance.unmount();
  return text;
};

t.test('every screen with its number key, the open one marked; within 80 columns in every language', async (t) => {
  t.match(
    frame(<TabBar current="menu" width={120} />),
    /1 Orders\[2 Menu\]3 Printers 4 Registers 5 People 6 Reports 7 Closure 8 Venue/,
  );
  for (const locale of ['en', 'it'] as const) {
    for (const screen of SCREENS) {
      const text = frame(
        <DashboardLocale.Provider value={locale}>
          <TabBar current={screen} width={80} />
        </DashboardLocale.Provider>,
      );
      t.ok([...text].length <= 80, `${locale} ${screen}: ${[...text].length} columns`);
      t.match(text, /1 \S+.*8 \S+/, `${locale} ${screen}: all eight`);
    }
  }
  t.match(
    frame(
      <DashboardLocale.Provider value="it">
        <TabBar current="closure" width={80} />
      </DashboardLocale.Provider>,
    ),
    /^1 Ordini 2 Menù 3 Stampanti 4 Casse 5 Persone 6 Rapporti\[7 Chiusura\]8 Sagra/,
    'at 80 columns the names the screens have, as at 120: "go to Rapporti" finds it',
  );
  t.match(
    frame(
      <DashboardLocale.Provider value="it">
        <TabBar current="closure" width={70} />
      </DashboardLocale.Provider>,
    ),
    /^1 Ordini 2 Menù 3 Stamp\. 4 Casse 5 Pers\. 6 Rapp\.\[7 Chiusura\]8 Sagra/,
    'narrower, each shortened from its own name',
  );
  const narrow = frame(
    <DashboardLocale.Provider value="it">
      <TabBar current="registers" width={60} />
    </DashboardLocale.Provider>,
  );
  t.match(narrow, /^1 2 3\[4 Casse\]5 6 7 8\s*$/, 'at 60 columns every number key, and the open screen by name');
});
