import { Box, useApp, useInput, useStdout } from 'ink';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { PosClient } from '../client/http.js';
import { App, type AppProps } from './App.js';
import { SCREENS, type Screen, TabBar } from './components/TabBar.js';
import { ClosureScreen } from './screens/ClosureScreen.js';
import { MenuScreen } from './screens/MenuScreen.js';
import { PeopleScreen } from './screens/PeopleScreen.js';
import { PrintersScreen } from './screens/PrintersScreen.js';
import { RegistersScreen } from './screens/RegistersScreen.js';
import { ReportsScreen } from './screens/ReportsScreen.js';
import type { ScreenProps } from './screens/screen.js';
import { VenueScreen } from './screens/VenueScreen.js';

export interface ConsoleProps extends AppProps {
  client: PosClient;
  /** Admins get every screen; an operator the orders board alone, as before. */
  admin: boolean;
}

const SCREEN_OF: Record<Exclude<Screen, 'orders'>, (props: ScreenProps) => React.ReactNode> = {
  menu: MenuScreen,
  printers: PrintersScreen,
  registers: RegistersScreen,
  people: PeopleScreen,
  reports: ReportsScreen,
  closure: ClosureScreen,
  venue: VenueScreen,
};

/**
 * The committee's console: the screens by number key (1 Orders … 8 Venue) in a tab bar. The orders board keeps
 * following the evening while another screen is on show; q quits from any screen that is not asking something.
 */
export function Console({ client, admin, ...board }: ConsoleProps) {
  const { exit } = useApp();
  const { stdout } = useStdout();
  const [screen, setScreen] = useState<Screen>('orders');
  // A ref, not state: a screen says it takes the keys as it opens a form, and the very next key must see it.
  const capturing = useRef(false);
  const setCapturing = useCallback((on: boolean) => {
    capturing.current = on;
  }, []);
  const [size, setSize] = useState({ columns: stdout.columns || 80, rows: stdout.rows || 24 });
  useEffect(() => {
    const onResize = () => setSize({ columns: stdout.columns || 80, rows: stdout.rows || 24 });
    stdout.on('resize', onResize);
    return () => {
      stdout.off('resize', onResize);
    };
  }, [stdout]);
  useInput(
    (input, key) => {
      if (capturing.current) return;
      if (/^[1-8]$/.test(input)) {
        capturing.current = false;
        setScreen(SCREENS[Number(input) - 1] as Screen);
        return;
      }
      if (screen !== 'orders' && (input === 'q' || (key.ctrl && input === 'c'))) exit();
    },
    { isActive: admin },
  );
  if (!admin) return <App {...board} />;
  const bar = <TabBar current={screen} width={size.columns} />;
  // One row short of the terminal, as the board: a frame as tall as the terminal makes Ink clear it on every render.
  const height = Math.max(6, size.rows - 1);
  const Shown = screen === 'orders' ? null : SCREEN_OF[screen];
  return (
    <>
      <App {...board} active={screen === 'orders'} top={bar} onCapture={setCapturing} />
      {Shown ? (
        <Box flexDirection="column" width={size.columns} height={height}>
          {bar}
          <Shown
            key={screen}
            client={client}
            width={size.columns}
            height={height - 1}
            active
            onCapture={setCapturing}
          />
        </Box>
      ) : null}
    </>
  );
}
