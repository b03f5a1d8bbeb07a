import t from 'tap';
import { describeEvent } from '../../src/cli/commands/events.js';

const line = (event: string, data: unknown) => describeEvent({ event, data: JSON.stringify(data), lastEventId: '1' });

t.test('one readable line per event kind', async (t) => {
  t.equal(
    line('new-order', {
      id: 4,
      displayCode: 'K7P',
      table: '12',
      customer: 'Rossi',
      total: '28.00',
      orderItems: [{}, {}],
    }),
    'new order K7P (id 4) · table 12 · Rossi · 2 item(s) · 28.00',
  );
  t.equal(line('confirmed-order', { id: 4, displayCode: 'K7P', ticketNumber: 9 }), 'confirmed #9 · K7P (id 4)');
  t.equal(
    line('confirmed-order', {
      id: 4,
      displayCode: 'K7P',
      ticketNumber: 9,
      paymentMethod: 'CARD',
      total: '12.00',
      orderItems: [{ quantity: 2, food: { name: 'Birra' } }],
    }),
    'confirmed #9 · K7P (id 4) · CARD 12.00 · 2× Birra',
  );
  t.equal(
    line('order-status-changed', { id: 4, displayCode: 'K7P', ticketNumber: 9, status: 'COMPLETED' }),
    '#9 · K7P (id 4) → COMPLETED',
  );
  t.equal(line('order-deleted', { id: 4, displayCode: 'K7P' }), 'deleted K7P (id 4)');
  t.equal(
    line('reprint-order', {
      id: 4,
      displayCode: 'K7P',
      reprintReceipt: true,
      reprintOrderItems: [{ quantity: 1, food: { name: 'Tiramisù' } }],
    }),
    'reprint K7P (id 4): 1× Tiramisù + receipt',
  );
  t.equal(line('food-availability-changed', { foodId: 'c1', available: false }), 'food c1 sold out');
  t.equal(line('printer-status-changed', { printerId: 'p1', status: 'ERROR' }), 'printer p1 → ERROR');
  t.equal(
    line('printer-status-changed', { printerId: 'p1', status: 'ERROR', statusReason: 'PAPER_OUT' }),
    'printer p1 → ERROR (PAPER_OUT)',
  );
  t.equal(
    line('resync', { reason: 'history-expired' }),
    'resync (history-expired): events were missed, reload the state',
  );
  t.equal(line('food-stock-changed', { foodId: 'f1', portionsLeft: 12 }), 'food f1: 12 left');
  t.equal(line('food-stock-changed', { foodId: 'f1', portionsLeft: null }), 'food f1: no longer counted');
  t.equal(
    line('order-station-status-changed', { orderId: 4, printerId: 'p1', status: 'DONE' }),
    'station p1 done with order id 4',
  );
  t.equal(
    line('order-station-status-changed', { orderId: 4, printerId: 'p1', status: 'WAITING' }),
    'station p1: order id 4 waiting again',
  );
  t.equal(
    line('general-closure', {
      totalOrders: 12,
      totalRevenue: 140.5,
      totalCashRevenue: 100,
      totalCardRevenue: 40.5,
      totalDiscount: 3,
      cashRegister: 'r1',
      cashRegisterId: 'r1',
    }),
    'general closure of register r1 · 12 orders · revenue 140.50 (cash 100.00, card 40.50) · discounts 3.00',
  );
  t.equal(
    line('general-closure', {
      totalOrders: 2,
      totalRevenue: 9,
      totalCashRevenue: 9,
      totalCardRevenue: 0,
      cashRegisterId: 'r1',
    }),
    'general closure · 2 orders · revenue 9.00 (cash 9.00, card 0.00)',
    'a closure of an older server (no register name field, no discounts)',
  );
  t.equal(
    line('order-cancelled', {
      orderId: 4,
      ticketNumber: 9,
      displayCode: 'K7P',
      customer: 'Rossi',
      table: '12',
      status: 'CONFIRMED',
      printers: ['p1'],
    }),
    'cancelled #9 · K7P (id 4) · table 12 · Rossi',
  );
  t.equal(
    line('order-refunded', {
      id: 'c0123456789abcdefghijklmn',
      orderId: 4,
      items: [{ id: 'i1', quantity: 2, amount: '8.36' }],
      amount: '8.36',
      method: 'CASH',
      reason: 'calda',
      userId: null,
      cashRegisterId: null,
      createdAt: '2026-11-21T19:04:05.123Z',
      ticketNumber: 9,
      displayCode: 'K7P',
      printers: [],
    }),
    'refunded #9 · K7P (id 4) · CASH 8.36 · 2 unit(s) · calda',
  );
  t.equal(
    line('something-newer', { a: 1 }),
    'something-newer {"a":1}',
    'an event a newer server adds is printed as it came',
  );
  t.equal(describeEvent({ event: 'other', data: 'not json', lastEventId: '' }), 'other not json');
});
