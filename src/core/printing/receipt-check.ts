import type { OrderWarning } from '../../api/orders.js';

// Whether an order's customer receipt can print, and if not, why, in words a cashier can act on. The same sentence
// is the warning of the confirmation or reprint that asked for it and the `lastError` of the receipt job kept in
// the job list, so the two never disagree.

export interface ReceiptRegister {
  name: string;
  default_printer_id: string | null;
}

/** Null when the receipt goes to the register's printer; the warning when no receipt will print. */
export function receiptWarning(register: ReceiptRegister | null): OrderWarning | null {
  if (register === null) {
    return {
      code: 'no-receipt',
      reason: 'no-register',
      message:
        'No receipt printed: no cash register was chosen (no receipt, no cash drawer). Choose a register to print one.',
    };
  }
  if (register.default_printer_id === null) {
    return {
      code: 'no-receipt',
      reason: 'register-without-printer',
      message: `No receipt printed: cash register "${register.name}" has no printer. Give it one, then retry the receipt job.`,
    };
  }
  return null;
}
