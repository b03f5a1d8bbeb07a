import { z } from 'zod';
import { text } from './common.js';
import { decimalToCents } from './money.js';
import { moneyInput, numberMoney } from './money-codec.js';

// Cash sessions: a drawer's shift on one register (docs/reports.md explains the figures to a treasurer). Money on
// the wire as the reports write it: JSON numbers of euros (12.5), cents inside.

/** The coins and notes a drawer is counted in, in cents: the euro's notes 500 to 5, coins 2 to 0.01. */
const DENOMINATION_CENTS = [50000, 20000, 10000, 5000, 2000, 1000, 500, 200, 100, 50, 20, 10, 5, 2, 1] as const;

/** The euro value a denominations key names ("20", "0.5", "0.50"), in cents; null when it is not a coin or note. */
export function denominationCents(key: string): number | null {
  const cents = decimalToCents(key);
  return cents !== null && (DENOMINATION_CENTS as readonly number[]).includes(cents) ? cents : null;
}

const MAX_PIECES = 100_000;

/**
 * The count by coin and note: euro value to how many (`{"20": 5, "0.5": 3}`). Each key must be a euro coin or note
 * and each count a whole number from 0 to 100000; the drawer's total is Σ value × count, in cents.
 */
export const Denominations = z
  .record(
    z.string(),
    z
      .number()
      .int({ message: 'must be a whole number of pieces' })
      .min(0, { message: 'must not be negative' })
      .max(MAX_PIECES, { message: `must be at most ${MAX_PIECES} pieces` }),
  )
  .superRefine((value, ctx) => {
    for (const key of Object.keys(value)) {
      if (denominationCents(key) === null) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `${key} is not a euro coin or note (${DENOMINATION_CENTS.length} values, 500 to 0.01)`,
          params: { code: 'not-a-choice' },
        });
      }
    }
  });
export type Denominations = z.infer<typeof Denominations>;

/** Σ value × count in cents: the one sum of a count by denominations. */
export function denominationsTotal(denominations: Denominations): number {
  let total = 0;
  for (const [key, count] of Object.entries(denominations)) total += (denominationCents(key) ?? 0) * count;
  return total;
}

export const OpenCashSessionInput = z.object({ float: moneyInput });

export const CloseCashSessionInput = z
  .object({
    /** The cash counted in the drawer, in all. */
    counted: moneyInput.optional(),
    /** Or the count by coin and note, summed by the server. */
    denominations: Denominations.optional(),
    /** What the card terminal's own end-of-shift report says. */
    cardTerminalTotal: moneyInput.optional(),
    note: text(500).optional(),
  })
  .refine((value) => value.counted === undefined || value.denominations === undefined, {
    message: 'give counted or denominations, not both',
    path: ['denominations'],
  });

/** The figures of a session: its register's orders confirmed while it was open. */
const CashSessionFigures = z.object({
  orders: z.number().int(),
  cashSales: numberMoney,
  cashRefunds: numberMoney,
  /** float + cashSales − cashRefunds: what should be in the drawer. */
  expectedCash: numberMoney,
  cardSales: numberMoney,
  cardRefunds: numberMoney,
});

/** `POST /v1/cash-registers/{id}/sessions` → 201. */
export const CashSession = z.object({
  id: z.string(),
  cashRegisterId: z.string(),
  /** The user who opened it (null for a device key). */
  userId: z.string().nullable(),
  float: numberMoney,
  openedAt: z.string(),
});
export type CashSession = z.infer<typeof CashSession>;

/** A session with its figures: live while open, as the handover slip printed them once closed. */
export const CashSessionRecord = CashSession.extend({
  ...CashSessionFigures.shape,
  userName: z.string(),
  cashRegisterName: z.string().nullable(),
  status: z.enum(['open', 'closed']),
  /** The cash counted (null while open, or closed without a count). */
  counted: numberMoney.nullable(),
  denominations: Denominations.nullable(),
  /** counted − expectedCash: below zero the drawer is short. */
  difference: numberMoney.nullable(),
  cardTerminalTotal: numberMoney.nullable(),
  /** cardTerminalTotal − (cardSales − cardRefunds). */
  cardDifference: numberMoney.nullable(),
  note: z.string().nullable(),
  closedAt: z.string().nullable(),
  closedBy: z.string().nullable(),
  closedByName: z.string().nullable(),
});
export type CashSessionRecord = z.infer<typeof CashSessionRecord>;

/** `POST …/sessions/current/close` → 200: the closed session, every figure of the handover. */
export const ClosedCashSession = CashSessionRecord.extend({
  status: z.literal('closed'),
  closedAt: z.string(),
  closedBy: z.string(),
});
export type ClosedCashSession = z.infer<typeof ClosedCashSession>;

export const CashSessionList = z.array(CashSessionRecord);

/** `cash-session-opened` (cashier). */
export const CashSessionOpenedEvent = CashSession.extend({ userName: z.string() });
/** `cash-session-closed` (cashier): the whole closed session. */
export const CashSessionClosedEvent = ClosedCashSession;

/** A session as the general closure lists it. */
export const ClosureSession = z.object({
  id: z.string(),
  cashRegisterId: z.string(),
  cashRegisterName: z.string().nullable(),
  userName: z.string(),
  openedAt: z.string(),
  closedAt: z.string().nullable(),
  float: numberMoney,
  cashSales: numberMoney,
  cardSales: numberMoney,
  expectedCash: numberMoney,
  counted: numberMoney.nullable(),
  difference: numberMoney.nullable(),
});
export type ClosureSession = z.infer<typeof ClosureSession>;
