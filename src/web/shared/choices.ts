import type { MessageKey } from '../../i18n/translate.js';

// The rules of the choices sheet, pure (unit-tested with the sheet), for the till and the customers' menu page:
// what a tap on an option does, when a group is done, what the group's hint says. The server checks the same bounds
// (docs/api.md, "Choices").

/** What the rules read of a group: the till's (catalog) and the public menu's groups both have it. */
export interface ChoiceBounds {
  min: number;
  max: number;
  options: ReadonlyArray<{ id: string }>;
}

/**
 * A tap on an option: on a group of one, it takes the place of the group's choice (a radio); otherwise it is added
 * while the group has room, and taken off when tapped again.
 */
export function toggleChoice(group: ChoiceBounds, picked: readonly string[], optionId: string): string[] {
  if (picked.includes(optionId)) return picked.filter((id) => id !== optionId);
  const inGroup = group.options.map((option) => option.id);
  const count = picked.filter((id) => inGroup.includes(id)).length;
  if (group.max === 1) return [...picked.filter((id) => !inGroup.includes(id)), optionId];
  return count < group.max ? [...picked, optionId] : [...picked];
}

export function groupDone(group: ChoiceBounds, picked: readonly string[]): boolean {
  const count = group.options.filter((option) => picked.includes(option.id)).length;
  return count >= group.min && count <= group.max;
}

export function groupHint(group: ChoiceBounds): { key: MessageKey; values?: Record<string, number> } {
  if (group.min === group.max) return { key: 'choices.pickExactly', values: { count: group.min } };
  if (group.min === 0) return { key: 'choices.pickUpTo', values: { count: group.max } };
  return { key: 'choices.pickBetween', values: { min: group.min, max: group.max } };
}
