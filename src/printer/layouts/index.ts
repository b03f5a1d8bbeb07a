import type { PrintPayload } from '../../core/printing/payloads.js';
import { closureReport } from './closure.js';
import type { LayoutOptions } from './common.js';
import { handoverSlip } from './handover.js';
import { cancellationTicket, kitchenTicket } from './kitchen.js';
import type { PrintOp } from './ops.js';
import { receipt } from './receipt.js';
import { testPage } from './test-page.js';

// The paper that comes out of the appliance, laid out for 32, 42 or 48 columns as device-independent operations
// (ops.ts); escpos.ts turns them into bytes.

export type { LayoutOptions } from './common.js';
export { cancellationTicket, closureReport, handoverSlip, kitchenTicket, receipt, testPage };

export function layout(payload: PrintPayload, options: LayoutOptions): PrintOp[] {
  switch (payload.kind) {
    case 'kitchen':
      return kitchenTicket(payload, options);
    case 'cancellation':
      return cancellationTicket(payload, options);
    case 'receipt':
      return receipt(payload, options);
    case 'closure':
      return closureReport(payload, options);
    case 'handover':
      return handoverSlip(payload, options);
    case 'test':
      return testPage(payload, options);
  }
}
