import thermal from 'node-thermal-printer';
import { TicketTextEncoder } from './codepage.js';
import type { PrintOp } from './layouts/ops.js';

const { ThermalPrinter, PrinterTypes, BreakLine } = thermal;
const LF = Buffer.from([0x0a]);

/** Pulse on pin 2 for 50 ms on, 500 ms off (ESC p 0 25 250). */
export const DRAWER_KICK = Buffer.from([0x1b, 0x70, 0x00, 0x19, 0xfa]);

/**
 * ESC/POS bytes of a ticket, built with node-thermal-printer (Epson command set) without any interface: we only take
 * its buffer and send it ourselves, so timeouts and status queries stay under our control. The library lays out the
 * commands (alignment, emphasis, size, QR, cut); the text itself is encoded by codepage.ts (PC858, with à è é ì ò ù
 * and €, and a switch to another page only for a character PC858 lacks).
 */
/** GS B n: white on black (1) or back to black on white (0). */
function reverse(on: boolean): Buffer {
  return Buffer.from([0x1d, 0x42, on ? 1 : 0]);
}

export function encodeTicket(ops: readonly PrintOp[], columns: number): Buffer {
  const printer = new ThermalPrinter({
    interface: '', // no interface: nothing is ever sent by the library itself
    type: PrinterTypes.EPSON,
    width: columns,
    breakLine: BreakLine.NONE,
    removeSpecialCharacters: false,
    lineCharacter: '-',
  });
  // ESC @ first: whatever the last job left, start clean; then the code page the text encoder starts from.
  const chunks: Buffer[] = [Buffer.from([0x1b, 0x40]), TicketTextEncoder.start()];
  // The library appends by copying its whole buffer each time; its output is taken after every op instead, and
  // joined once at the end.
  const take = () => {
    const bytes = printer.getBuffer();
    if (bytes && bytes.length > 0) chunks.push(bytes);
    printer.clear();
  };
  const text = new TicketTextEncoder();
  let bold = false;
  let big = false;
  let invert = false;
  for (const op of ops) {
    take();
    switch (op.op) {
      case 'text': {
        if (op.align === 'center') printer.alignCenter();
        else if (op.align === 'right') printer.alignRight();
        else printer.alignLeft();
        // Size first: ESC ! (size) also resets emphasis on real printers, so bold is set after it.
        if ((op.big ?? false) !== big) {
          big = op.big ?? false;
          if (big) printer.setTextQuadArea();
          else printer.setTextNormal();
          bold = false;
        }
        if ((op.bold ?? false) !== bold) printer.bold((bold = op.bold ?? false));
        if ((op.invert ?? false) !== invert) printer.add(reverse((invert = op.invert ?? false)));
        printer.add(Buffer.concat([text.encode(op.text), LF]));
        break;
      }
      case 'rule':
        printer.alignLeft();
        printer.add(Buffer.from(`${'-'.repeat(columns)}\n`, 'latin1')); // the library's drawLine, in one append
        break;
      case 'qr':
        printer.alignCenter();
        printer.printQR(op.data, { cellSize: 6, correction: 'M', model: 2 });
        printer.newLine();
        break;
      case 'feed':
        printer.newLine();
        break;
      case 'drawer':
        // ESC p m t1 t2 in full: the library's kick omits the pulse times, which real printers then read from the
        // next bytes.
        printer.add(DRAWER_KICK);
        break;
      case 'cut':
        if (bold) printer.bold((bold = false));
        if (invert) printer.add(reverse((invert = false)));
        if (big) {
          printer.setTextNormal();
          big = false;
        }
        printer.cut();
        break;
    }
  }
  take();
  return Buffer.concat(chunks);
}
