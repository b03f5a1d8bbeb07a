import { Box, Text } from 'ink';
import { fit } from '../format.js';
import type { FoodCard } from '../state.js';

/** The sold-out switchboard: every food with its availability; the cursor row toggles with space. */
export function FoodPicker({ foods, cursor, width, height }: { foods: FoodCard[]; cursor: number; width: number; height: number }) {
  const rows = Math.max(1, height - 1);
  const start = Math.max(0, Math.min(cursor - Math.floor(rows / 2), foods.length - rows));
  return (
    <Box flexDirection="column" height={height}>
      <Text bold color="cyan">
        Foods: space switches sold out / available, Esc goes back
      </Text>
      {foods.slice(start, start + rows).map((food, index) => (
        <Text key={food.id} inverse={start + index === cursor}>
          {fit(`${food.available ? '[ ] available ' : '[x] SOLD OUT  '} ${food.category} · ${food.name}${food.categoryAvailable ? '' : ' (whole category off)'}`, width - 1)}
        </Text>
      ))}
    </Box>
  );
}
