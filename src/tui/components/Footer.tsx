import type { MessageKey } from '../../i18n/index.js';
import { NO_REGISTER, type DashboardState } from '../state.js';
import { useDashboardTexts } from '../texts.js';
import { Text } from './Text.js';

/**
 * Every key of each mode, long and short; the short form fits an 80-column terminal (over SSH, on the venue laptop)
 * in every language. The letters are the same in every language, only the words change.
 */
const KEYS: Record<DashboardState['mode'], { long: MessageKey; short: MessageKey }> = {
  board: { long: 'dashboard.keys.board', short: 'dashboard.keys.boardShort' },
  items: { long: 'dashboard.keys.items', short: 'dashboard.keys.itemsShort' },
  register: { long: 'dashboard.keys.register', short: 'dashboard.keys.registerShort' },
  pay: { long: 'dashboard.keys.pay', short: 'dashboard.keys.payShort' },
  foods: { long: 'dashboard.keys.foods', short: 'dashboard.keys.foodsShort' },
  stock: { long: 'dashboard.keys.stock', short: 'dashboard.keys.stockShort' },
  search: { long: 'dashboard.keys.search', short: 'dashboard.keys.searchShort' },
};

export function Footer({ state, width }: { state: DashboardState; width: number }) {
  const { t } = useDashboardTexts();
  const long = t(KEYS[state.mode].long);
  const short = t(KEYS[state.mode].short);
  /** The long help when it fits beside what comes before it on the line. */
  const keys = (before = 0) => (long.length + before <= width ? long : short);
  if (state.mode === 'search') {
    const prompt = `${t('dashboard.find')} `;
    return (
      <Text wrap="truncate-end">
        <Text bold>{prompt}</Text>
        {state.search}
        <Text inverse> </Text> <Text color="gray">{keys(prompt.length + state.search.length + 2)}</Text>
      </Text>
    );
  }
  if (state.mode === 'stock') {
    const food = state.foods[state.foodCursor];
    const prompt = `${t('dashboard.stockPrompt', { food: food?.name ?? '' })} `;
    return (
      <Text wrap="truncate-end">
        <Text bold>{prompt}</Text>
        {state.stockInput}
        <Text inverse> </Text> <Text color="gray">{keys(prompt.length + state.stockInput.length + 2)}</Text>
      </Text>
    );
  }
  if (state.mode === 'pay') {
    const order = state.payingFor === null ? undefined : state.orders.get(state.payingFor);
    const register = state.register ?? NO_REGISTER;
    // The message line above says when this register prints no receipt (receiptProblem).
    const names = order ? { order: order.displayCode, customer: order.customer, register: register.name } : null;
    const which = names ? `${t(register.id === null ? 'dashboard.payForNoRegister' : 'dashboard.payFor', names)} ` : '';
    return (
      <Text color="yellow" wrap="truncate-end">
        {which}
        {keys(which.length)}
      </Text>
    );
  }
  return (
    <Text color="gray" wrap="truncate-end">
      {keys()}
    </Text>
  );
}
