import type { CashierEvent } from '../../src/api/events.js';
import type { FoodCard, OrderSummary } from '../../src/tui/state.js';

// Builders for the dashboard tests: payloads typed by src/api, filled in where a test does not care.

type NewOrder = Extract<CashierEvent, { name: 'new-order' }>['payload'];

/** A `new-order` event as the server sends it: an order record with its items. */
export function newOrder(order: Pick<NewOrder, 'id' | 'displayCode' | 'table' | 'customer' | 'total'>): CashierEvent {
  return {
    name: 'new-order',
    payload: {
      ...order,
      createdAt: new Date(0).toISOString(),
      confirmedAt: null,
      completedAt: null,
      updatedAt: new Date(0).toISOString(),
      ticketNumber: null,
      status: 'PENDING',
      paymentMethod: null,
      subTotal: order.total,
      discount: 0,
      surcharge: 0,
      userId: null,
      cashRegisterId: null,
      covers: 0,
      service: 'TABLE',
      orderItems: [],
    },
  };
}

export function food(id: string, name: string, category: string, extra: Partial<FoodCard> = {}): FoodCard {
  return {
    id,
    name,
    category,
    categoryId: `c-${category}`,
    available: true,
    categoryAvailable: true,
    stock: null,
    portionsLeft: null,
    ...extra,
  };
}

export type { OrderSummary };
