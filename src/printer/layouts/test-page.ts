import type { TestPagePayload } from '../../core/printing/payloads.js';
import { big, type LayoutOptions, paper } from './common.js';
import type { PrintOp } from './ops.js';

// Everything that can go wrong with a new printer on one page: accents and €, the paper width, alignment, QR.

export function testPage(payload: TestPagePayload, options: LayoutOptions): PrintOp[] {
  const { columns } = options;
  const p = paper(options);
  const ruler = Array.from({ length: columns }, (_, i) => String((i + 1) % 10)).join('');
  return [
    ...big(p.t('ticket.testPage'), columns),
    { op: 'text', text: payload.printerName, align: 'center', bold: true },
    { op: 'text', text: p.t('ticket.testColumns', { address: payload.address, columns }), align: 'center' },
    { op: 'text', text: p.when(payload.requestedAt), align: 'center' },
    { op: 'rule' },
    { op: 'text', text: 'àèéìòù ÀÈÉÌÒÙ € £ ç ñ ü' },
    { op: 'text', text: ruler },
    { op: 'text', text: p.t('ticket.left') },
    { op: 'text', text: p.t('ticket.center'), align: 'center' },
    { op: 'text', text: p.t('ticket.right'), align: 'right' },
    { op: 'qr', data: 'pos test page' },
    { op: 'feed' },
    { op: 'cut' },
  ];
}
