import { Text } from 'ink';
import type { DashboardState } from '../state.js';

const KEYS = {
  board: '←→ column  ↑↓ order  n/Enter next stage  b back  r reprint  f foods  / find  q quit',
  foods: '↑↓ food  space sold out/available  Esc back  q quit',
  search: 'type a display code or ticket number  Enter select  Esc cancel',
};

export function Footer({ state }: { state: DashboardState }) {
  if (state.mode === 'search') {
    return (
      <Text>
        <Text bold>find: </Text>
        {state.search}
        <Text inverse> </Text> <Text color="gray">{KEYS.search}</Text>
      </Text>
    );
  }
  return (
    <Text color="gray" wrap="truncate-end">
      {KEYS[state.mode]}
    </Text>
  );
}
