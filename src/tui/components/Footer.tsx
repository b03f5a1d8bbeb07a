import { Text } from 'ink';
import type { DashboardState } from '../state.js';

/** Every key of each mode; the short form fits an 80-column terminal (over SSH, on the venue laptop). */
const KEYS = {
  board: {
    long: '←→ column  ↑↓ order  n/Enter next stage  b back  r reprint  f foods  / find  q quit',
    short: '←→↑↓ move  n/Enter next  b back  r reprint  f foods  / find  q quit',
  },
  pay: {
    long: 'confirm with payment:  c cash  k card  Esc cancel',
    short: 'pay:  c cash  k card  Esc cancel',
  },
  foods: {
    long: '↑↓ food  space sold out/available  Esc back  q quit',
    short: '↑↓ food  space sold out/available  Esc back  q quit',
  },
  search: {
    long: 'type a display code or ticket number  Enter select  Esc cancel',
    short: 'code or ticket no.  Enter select  Esc cancel',
  },
};

export function Footer({ state, width }: { state: DashboardState; width: number }) {
  const keys = KEYS[state.mode];
  const fits = (text: string, extra = 0) => text.length + extra <= width;
  if (state.mode === 'search') {
    const prefix = 6 + state.search.length + 2;
    return (
      <Text wrap="truncate-end">
        <Text bold>find: </Text>
        {state.search}
        <Text inverse> </Text> <Text color="gray">{fits(keys.long, prefix) ? keys.long : keys.short}</Text>
      </Text>
    );
  }
  if (state.mode === 'pay') {
    const order = state.payingFor === null ? undefined : state.orders.get(state.payingFor);
    const which = order ? `order ${order.displayCode} (${order.customer}) ` : '';
    return (
      <Text color="yellow" wrap="truncate-end">
        {which}
        {fits(keys.long, which.length) ? keys.long : keys.short}
      </Text>
    );
  }
  return (
    <Text color="gray" wrap="truncate-end">
      {fits(keys.long) ? keys.long : keys.short}
    </Text>
  );
}
