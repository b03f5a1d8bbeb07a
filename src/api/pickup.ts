import { z } from 'zod';
import { OrderStation } from './orders.js';

// The pickup counter (`GET /v1/pickup/state`): what the volunteer handing out the food needs beyond the TV's state:
// the customer's name to call, and for an order still in the kitchen which stations are done ("not ready: Bar, 1
// of 2 done"). Read by staff and by `pickup` device keys.

export const PickupOrder = z.object({
  id: z.number().int(),
  ticketNumber: z.number().int().nullable(),
  displayCode: z.string(),
  customer: z.string(),
  /** Ready orders: when they came out of the kitchen; in the kitchen: when confirmed; picked up: when it was. */
  since: z.string(),
  stations: z.array(OrderStation),
});
export type PickupOrder = z.infer<typeof PickupOrder>;

export const PickupState = z.object({
  /** COMPLETED orders, oldest ready first: the one waiting longest is handed out first. */
  ready: z.array(PickupOrder),
  /** CONFIRMED orders, still in the kitchen, oldest first. */
  preparing: z.array(PickupOrder),
  /** The orders handed out lately, newest first (at most 200): a code scanned twice is "already picked up". */
  pickedUp: z.array(PickupOrder),
  /** The event stream position this state includes (the display channel). */
  lastEventId: z.number().int(),
});
export type PickupState = z.infer<typeof PickupState>;
