import type { ChoiceGroup } from '../api/catalog.js';
import { type Locale, parseAmount } from '../i18n/index.js';
import { showMoney } from './money.js';

// A food's groups of choices as one line of the console's food form (docs/dashboard.md, "Choices"), written and
// read back: groups separated by ";", each "Name [min-max]: option, option" (a comma and a space), an option "name +1,50" (its price
// change, "-2" for less), "@Food" a set menu's course (the food of that name), "(off)" switched off. The server keeps
// ids by name, so editing a price here keeps the options a till knows.

export interface ChoicesInputGroup {
  name: string;
  min: number;
  max: number;
  options: Array<{ name: string; priceDelta: number; foodId: string | null; available: boolean }>;
}

export function choicesText(
  locale: Locale,
  groups: readonly ChoiceGroup[],
  foods: ReadonlyArray<{ id: string; name: string }>,
): string {
  return groups
    .map((group) => {
      const options = group.options.map((option) => {
        const food = option.foodId === null ? null : foods.find((each) => each.id === option.foodId);
        const name =
          food && food.name === option.name ? `@${food.name}` : food ? `${option.name} @${food.name}` : option.name;
        const delta =
          option.priceDelta === 0
            ? ''
            : ` ${option.priceDelta > 0 ? '+' : '-'}${showMoney(locale, Math.abs(option.priceDelta))}`;
        return `${name}${delta}${option.available ? '' : ' (off)'}`;
      });
      return `${group.name} [${group.min}-${group.max}]: ${options.join(', ')}`;
    })
    .join('; ');
}

/** The groups of the text, or the first thing wrong with it in words (the form shows it beside the field). */
export function readChoicesText(
  text: string,
  foods: ReadonlyArray<{ id: string; name: string }>,
): { groups: ChoicesInputGroup[] } | { error: string } {
  const groups: ChoicesInputGroup[] = [];
  for (const part of text
    .split(';')
    .map((each) => each.trim())
    .filter(Boolean)) {
    const match = /^(.+?)\s*(?:\[(\d+)\s*-\s*(\d+)\])?\s*:\s*(.+)$/.exec(part);
    if (!match) return { error: `"${part}": write "Group [min-max]: option, option"` };
    const [, name, min, max, list] = match as unknown as [
      string,
      string,
      string | undefined,
      string | undefined,
      string,
    ];
    const options: ChoicesInputGroup['options'] = [];
    // A comma followed by a space parts options; "1,50" is an amount.
    for (const raw of list
      .split(/,(?=\s)/)
      .map((each) => each.trim())
      .filter(Boolean)) {
      let rest = raw;
      const off = /\s*\(off\)$/i.test(rest);
      rest = rest.replace(/\s*\(off\)$/i, '');
      let priceDelta = 0;
      const amount = /\s+([+-])\s*([^\s+-][^\s]*)$/.exec(rest);
      if (amount) {
        const cents = parseAmount(amount[2] as string);
        if (cents === null) return { error: `"${raw}": "${amount[1]}${amount[2]}" is not an amount` };
        priceDelta = amount[1] === '-' ? -cents : cents;
        rest = rest.slice(0, amount.index);
      }
      let foodId: string | null = null;
      const at = rest.indexOf('@');
      if (at >= 0) {
        const foodName = rest.slice(at + 1).trim();
        const food = foods.find((each) => each.name.toLowerCase() === foodName.toLowerCase());
        if (!food) return { error: `"${raw}": no food is called "${foodName}"` };
        foodId = food.id;
        rest = rest.slice(0, at).trim() || food.name;
      }
      options.push({ name: rest.trim(), priceDelta, foodId, available: !off });
    }
    groups.push({
      name: name.trim(),
      min: min === undefined ? 0 : Number(min),
      max: max === undefined ? 1 : Number(max),
      options,
    });
  }
  return { groups };
}
