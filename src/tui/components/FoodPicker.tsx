import { Box } from 'ink';
import { fit } from '../format.js';
import type { FoodCard } from '../state.js';
import { type DashboardTexts, useDashboardTexts } from '../texts.js';
import { Text } from './Text.js';

/** What is left of a food: "12 left", "0 left" (sold out by itself), or blank when it is not counted. */
function leftLabel(food: FoodCard, { left }: Pick<DashboardTexts, 'left'>): string {
  return food.portionsLeft === null ? '' : left(food.portionsLeft);
}

/**
 * The sold-out switchboard: every food with its availability (`[x] available`, `[ ] SOLD OUT`) and what is left of
 * it; the cursor row toggles with space and is restocked with s (or by typing the count).
 */
export function FoodPicker({
  foods,
  cursor,
  width,
  height,
}: {
  foods: FoodCard[];
  cursor: number;
  width: number;
  height: number;
}) {
  const texts = useDashboardTexts();
  const { t } = texts;
  const rows = Math.max(1, height - 1);
  const start = Math.max(0, Math.min(cursor - Math.floor(rows / 2), foods.length - rows));
  // The marks and the counts stand in their own columns (as wide as the language's words), so a glance down the
  // list finds what is sold out and what runs low.
  const available = t('dashboard.foods.available');
  const soldOut = t('dashboard.foods.soldOut');
  const markWidth = Math.max(available.length, soldOut.length);
  const leftWidth = Math.max(0, ...foods.map((food) => leftLabel(food, texts).length));
  return (
    <Box flexDirection="column" height={height}>
      <Text bold color="cyan">
        {fit(t('dashboard.foods.title'), width - 1)}
      </Text>
      {foods.slice(start, start + rows).map((food, index) => {
        // The box says what a till sells: ticked is on sale, empty is sold out (a tick for "sold out" read backwards).
        const mark = food.available ? `[x] ${available.padEnd(markWidth)}` : `[ ] ${soldOut.padEnd(markWidth)}`;
        const left = leftWidth > 0 ? `${leftLabel(food, texts).padStart(leftWidth)}  ` : '';
        const off = food.categoryAvailable ? '' : ` ${t('dashboard.foods.categoryOff')}`;
        const low = food.portionsLeft !== null && food.portionsLeft <= 10;
        return (
          <Text key={food.id} inverse={start + index === cursor} color={low ? 'yellow' : undefined}>
            {fit(`${mark}  ${left}${food.category} · ${food.name}${off}`, width - 1)}
          </Text>
        );
      })}
    </Box>
  );
}
