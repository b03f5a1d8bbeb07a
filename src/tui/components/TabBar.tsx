import { Box } from 'ink';
import { Text } from './Text.js';
import type { MessageKey } from '../../i18n/index.js';
import { useDashboardTexts } from '../texts.js';

/** The console's screens, by their number key. */
export const SCREENS = ['orders', 'menu', 'printers', 'registers', 'people', 'reports', 'closure', 'venue'] as const;
export type Screen = (typeof SCREENS)[number];

type Naming = 'long' | 'short' | 'numbers';

/**
 * One line: every screen with its number key, the open one highlighted. The screens' own names (the ones their
 * titles use) whenever they fit, as they do at 80 columns; shortened on a narrower terminal; on a very narrow one,
 * only the open screen is named and the others are their number keys, so all eight stay on the line.
 */
export function TabBar({ current, width }: { current: Screen; width: number }) {
  const { t } = useDashboardTexts();
  const nameOf = (screen: Screen, naming: Naming) =>
    naming === 'long'
      ? t(`console.tab.${screen}`)
      : naming === 'short' || screen === current
        ? t(`console.tab.${screen}Short` as MessageKey)
        : '';
  const labelOf = (screen: Screen, index: number, naming: Naming) =>
    `${index + 1}${nameOf(screen, naming) ? ` ${nameOf(screen, naming)}` : ''}`;
  // Each label, a space or a bracket between two, and the open one's two brackets.
  const widthOf = (naming: Naming) =>
    SCREENS.reduce((sum, screen, index) => sum + labelOf(screen, index, naming).length, 0) + SCREENS.length + 1;
  const naming = (['long', 'short'] as const).find((each) => widthOf(each) <= width - 1) ?? 'numbers';
  return (
    <Box width={width}>
      <Text wrap="truncate-end">
        {SCREENS.map((screen, index) => {
          const label = labelOf(screen, index, naming);
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
