import { z } from 'zod';
import { cuid, includeQuery, upperOrLowerCase } from './common.js';
import { STATION_STATUSES } from './enums.js';
import { ItemChoice, OrderIdParams, OrderService, OrderStatus } from './orders.js';

// Kitchen stations: a station is a printer that gets kitchen tickets; a confirmed order waits at each
// station its items route to until the station marks its part done. The stations of an order as the order list and
// detail show them (`OrderStation`) live in orders.ts, which this file builds on.

export { OrderStation } from './orders.js';
export { STATION_STATUSES };
export const StationStatus = z.enum(STATION_STATUSES);
export type StationStatus = z.infer<typeof StationStatus>;

export const StationParams = z.object({ printerId: cuid });

export const StationOrdersQuery = z.object({
  /** `done`: also the orders this station marked done in the last hour (not yet picked up). */
  include: includeQuery(['done'] as const).optional(),
});

export const StationOrderParams = OrderIdParams.extend({ printerId: cuid });

/** `{status}`: DONE marks the station's part done, WAITING brings it back (a recall). Upper or lower case. */
export const StationStatusInput = z.object({
  status: upperOrLowerCase(STATION_STATUSES, 'must be DONE or WAITING (upper or lower case)'),
});

const StationItem = z.object({
  id: z.string(),
  foodId: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  notes: z.string(),
  /** null for an order line; the chosen option's id for a set menu's component sent to this station. */
  optionId: z.string().nullable(),
  /** The line's choices (a component has none); a screen shows those without `foodId` under the line. */
  choices: z.array(ItemChoice),
});

/** An order as a station's screen shows it: only the items this station got. */
export const StationOrder = z.object({
  id: z.number().int(),
  displayCode: z.string(),
  ticketNumber: z.number().int().nullable(),
  table: z.string(),
  customer: z.string(),
  confirmedAt: z.string(),
  /** The order's status: CONFIRMED, or COMPLETED once every station is done. */
  status: OrderStatus,
  /** This station's part: WAITING, or DONE. */
  stationStatus: StationStatus,
  /** When this station marked its part done (null while waiting). */
  doneAt: z.string().nullable(),
  items: z.array(StationItem),
  /** People at the table (0: not asked) and how it is served: the card says `COPERTI 4` / `ASPORTO` on top. */
  covers: z.number().int(),
  service: OrderService,
});
export type StationOrder = z.infer<typeof StationOrder>;

export const StationOrders = z.array(StationOrder);

/** `order-station-status-changed` on the cashier, display and printer channels. */
export const OrderStationStatusChanged = z.object({
  orderId: z.number().int(),
  printerId: z.string(),
  status: StationStatus,
});
export type OrderStationStatusChanged = z.infer<typeof OrderStationStatusChanged>;
