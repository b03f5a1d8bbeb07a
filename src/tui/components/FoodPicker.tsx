import { Box, Text } from 'ink';
import { fit } from '../format.js';
import type { FoodCard } from '../state.js';

/** What is left of a food: "12 left", "0 left" (sold out by itself), or blank when it is not counted. */
export function leftLabel(food: FoodCard): string {
  return food.portionsLeft === null ? '' : `${food.portionsLeft} left`;
}

/**
 * The sold-out switchboard: every food with its availability and what is left of it; the cursor row toggles with
 * space and is restocked with s (or by typing the count).
 */
export function FoodPicker({ foods, cursor, width, height }: { foods: FoodCard[]; cursor: number; width: number; height: number }) {
  const rows = Math.max(1, height - 1);
  const start = Math.max(0, Math.min(cursor - Math.floor(rows / 2), foods.length - rows));
  // The counts stand in their own right-aligned column, so a glance down the list finds what runs low.
  const leftWidth = Math.max(0, ...foods.map((food) => leftLabel(food).length));
  return (
    <Box flexDirection="column" height={height}>
      <Text bold color="cyan">
        {fit('Foods: space switches sold out / available, s sets what is left, Esc goes back', width - 1)}
      </Text>
      {foods.slice(start, start + rows).map((food, index) => {
        const left = leftWidth > 0 ? `${leftLabel(food).padStart(leftWidth)}  ` : '';
        const low = food.portionsLeft !== null && food.portionsLeft <= 10;
        return (
          <Text key={food.id} inverse={start + index === cursor} color={low ? 'yellow' : undefined}>
            {fit(`${food.available ? '[ ] available ' : '[x] SOLD OUT  '} ${left}${food.category} · ${food.name}${food.categoryAvailable ? '' : ' (whole category off)'}`, width - 1)}
          </Text>
        );
      })}
    </Box>
  );
}
