import { Box } from 'ink';
import { Text } from './Text.js';
import type { MessageKey } from '../../i18n/index.js';
import { useDashboardTexts } from '../texts.js';

/** The console's screens, by their number key. */
export const SCREENS = ['orders', 'menu', 'printers', 'registers', 'people', 'reports', 'closure', 'venue'] as const;
export type Screen = (typeof SCREENS)[number];

/**
 * One line: every screen with its number key, the open one highlighted. The screens' own names (the ones their
 * titles use) whenever they fit, as they do at 80 columns; shortened only on a narrower terminal.
 */
export function TabBar({ current, width }: { current: Screen; width: number }) {
  const { t } = useDashboardTexts();
  // Each name with its number, a space or a bracket between two, and the open one's two brackets.
  const longWidth =
    SCREENS.reduce((sum, screen, index) => sum + `${index + 1} ${t(`console.tab.${screen}`)}`.length, 0) +
    SCREENS.length +
    1;
  const long = longWidth <= width - 1;
  return (
    <Box width={width}>
      <Text wrap="truncate-end">
        {SCREENS.map((screen, index) => {
          const name = t(`console.tab.${screen}${long ? '' : 'Short'}` as MessageKey);
          const label = `${index + 1} ${name}`;
          return (
            <Text key={screen}>
              {index > 0 && screen !== current && SCREENS[index - 1] !== current ? ' ' : ''}
              {screen === current ? <Text inverse bold>{`[${label}]`}</Text> : <Text color="gray">{label}</Text>}
            </Text>
          );
        })}
      </Text>
    </Box>
  );
}
