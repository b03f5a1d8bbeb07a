import type { OrderService, PaymentMethod } from '../../api/enums.js';
import type { z } from 'zod';
import type { ClosureSession } from '../../api/cash-sessions.js';
import type { Report } from '../../api/reports.js';

// What a print job carries: a snapshot of everything needed to print it, taken when it was queued, so a later change
// to the order or the menu never changes a ticket waiting for its printer.

export interface TicketItem {
  quantity: number;
  name: string;
  notes: string;
  unitPriceCents: number;
  surchargeCents: number;
  totalCents: number;
  /**
   * The options chosen, printed under the line: on a kitchen ticket the plain ones ("· ben cotta"), on the receipt
   * all of them with their price change. Absent when none (and from jobs queued before choices existed).
   */
  choices?: Array<{ name: string; priceDeltaCents: number }>;
}

export interface OrderTicketBase {
  orderId: number;
  ticketNumber: number | null;
  displayCode: string;
  table: string;
  customer: string;
  /** When the order was confirmed (epoch ms); printed in venue time. */
  confirmedAt: number;
  reprint: boolean;
}

export interface KitchenTicketPayload extends OrderTicketBase {
  kind: 'kitchen';
  station: string;
  items: TicketItem[];
  /** People at the table and how the order is served (absent from jobs queued before they existed). */
  covers?: number;
  service?: OrderService;
  /**
   * One token of a category that prints one per unit (drinks at a bar): `items` holds that one unit; the station's
   * tokens of the order are numbered 1 to `count`. Absent: an ordinary ticket.
   */
  token?: { index: number; count: number };
}

/** An order deleted after its kitchen tickets went out: the station stops making it. */
export interface CancellationPayload extends OrderTicketBase {
  kind: 'cancellation';
  station: string;
  /** What this station got for the order. */
  items: TicketItem[];
  cancelledAt: number;
}

export interface ReceiptPayload extends OrderTicketBase {
  kind: 'receipt';
  registerName: string | null;
  paymentMethod: PaymentMethod | null;
  items: TicketItem[];
  subtotalCents: number;
  discountCents: number;
  surchargeCents: number;
  totalCents: number;
  /** The venue's lines above and below the order (absent from jobs queued before they existed). */
  header?: string[];
  footer?: string[];
  /** The cash handed over, when the till sent it (first receipt only; a reprint has none). */
  cashReceivedCents?: number | null;
}

export interface ClosurePayload {
  kind: 'closure';
  registerName: string;
  /** As the wire writes it (numbers of currency units), as queued jobs always kept it; decoded when printed. */
  report: z.input<typeof Report>;
  /** Start and end of the closure window (epoch ms). */
  from: number;
  to: number;
  /** The drawers' sessions of the window, as the wire writes them (absent from jobs queued before they existed). */
  sessions?: Array<z.input<typeof ClosureSession>>;
}

/** The handover slip of a closed cash session: every figure in cents, as the session was closed. */
export interface HandoverPayload {
  kind: 'handover';
  registerName: string;
  /** Who opened the drawer, and who closed it (often the same person). */
  cashierName: string;
  closedByName: string;
  openedAt: number;
  closedAt: number;
  orders: number;
  floatCents: number;
  cashSalesCents: number;
  cashRefundsCents: number;
  expectedCents: number;
  countedCents: number | null;
  /** The count by coin and note, largest first, when it was given so. */
  denominations: Array<{ valueCents: number; count: number }> | null;
  differenceCents: number | null;
  cardSalesCents: number;
  cardRefundsCents: number;
  cardTerminalCents: number | null;
  cardDifferenceCents: number | null;
  note: string | null;
}

export interface TestPagePayload {
  kind: 'test';
  printerName: string;
  address: string;
  requestedAt: number;
}

export type PrintPayload =
  | KitchenTicketPayload
  | CancellationPayload
  | ReceiptPayload
  | ClosurePayload
  | HandoverPayload
  | TestPagePayload;
