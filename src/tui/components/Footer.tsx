import { Text } from 'ink';
import { NO_REGISTER, type DashboardState } from '../state.js';

/** Every key of each mode; the short form fits an 80-column terminal (over SSH, on the venue laptop). */
const KEYS = {
  board: {
    long: '←→ column  ↑↓ order  n next stage  b back  i/Enter items  r reprint  t register  f foods  / find  q quit',
    short: '←→↑↓  n next  b back  i items  r reprint  t register  f foods  / find  q quit',
  },
  items: {
    long: 'Esc, Enter or i back to the board  q quit',
    short: 'Esc back  q quit',
  },
  register: {
    long: '↑↓ register  Enter or 1-9 choose  Esc cancel  q quit',
    short: '↑↓  Enter/1-9 choose  Esc cancel',
  },
  pay: {
    long: 'confirm with payment:  c cash  k card  Esc cancel',
    short: 'pay:  c cash  k card  Esc cancel',
  },
  foods: {
    long: '↑↓ food  space sold out/available  s portions left (200, +50, -3)  Esc back  q quit',
    short: '↑↓ food  space sold out/available  s portions left  Esc back  q quit',
  },
  stock: {
    long: '200 sets  +50 restocks  -3 writes off  off stops counting  Enter apply  Esc cancel',
    short: '200 / +50 / -3 / off  Enter apply  Esc cancel',
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
  if (state.mode === 'stock') {
    const food = state.foods[state.foodCursor];
    const prompt = `${food?.name ?? ''} left: `;
    const prefix = prompt.length + state.stockInput.length + 2;
    return (
      <Text wrap="truncate-end">
        <Text bold>{prompt}</Text>
        {state.stockInput}
        <Text inverse> </Text> <Text color="gray">{fits(keys.long, prefix) ? keys.long : keys.short}</Text>
      </Text>
    );
  }
  if (state.mode === 'pay') {
    const order = state.payingFor === null ? undefined : state.orders.get(state.payingFor);
    const register = state.register ?? NO_REGISTER;
    // The message line above says when this register prints no receipt (receiptProblem).
    const at = register.id === null ? ' (no register)' : ` at ${register.name}`;
    const which = order ? `order ${order.displayCode} (${order.customer})${at}: ` : '';
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
