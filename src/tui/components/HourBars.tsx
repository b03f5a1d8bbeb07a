import { Box } from 'ink';
import { Text } from './Text.js';

export interface HourBar {
  /** The hour as the venue reads it: `19`. */
  hour: string;
  /** Whole cents. */
  cents: number;
  /** The amount as the locale writes it. */
  label: string;
}

/** Takings hour by hour as horizontal bars, the longest the best hour; an hour with no sale is an empty row. */
export function HourBars({ bars, width }: { bars: HourBar[]; width: number }) {
  const most = Math.max(1, ...bars.map((bar) => bar.cents));
  const labelWidth = Math.max(0, ...bars.map((bar) => bar.label.length));
  const room = Math.max(4, width - 4 - labelWidth - 2);
  return (
    <Box flexDirection="column">
      {bars.map((bar) => {
        const length = bar.cents <= 0 ? 0 : Math.max(1, Math.round((bar.cents / most) * room));
        return (
          <Text key={bar.hour} wrap="truncate-end">
            <Text color="gray">{`${bar.hour.padStart(2)}  `}</Text>
            <Text color="green">{'█'.repeat(length)}</Text>
            {`${' '.repeat(room - length)} ${bar.label.padStart(labelWidth)}`}
          </Text>
        );
      })}
    </Box>
  );
}
