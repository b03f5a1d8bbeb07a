import iconv from 'iconv-lite';
import { DECODE_PAGES } from './codepage.js';
import type { Align, PrintOp } from './layouts/ops.js';

// Reads an ESC/POS byte stream back into print operations: what the emulator uses to stand in for a printer.
// It understands the Epson commands a receipt printer gets in practice (and all that our encoder sends), and skips
// the rest by their known lengths.

/** Arguments after `ESC <x>` for the commands without a variable length. */
const ESC_ARGS: Record<number, number> = {
  0x40: 0,
  0x32: 0,
  0x3c: 0,
  0x21: 1,
  0x45: 1,
  0x47: 1,
  0x4d: 1,
  0x52: 1,
  0x56: 1,
  0x61: 1,
  0x64: 1,
  0x65: 1,
  0x74: 1,
  0x7b: 1,
  0x2d: 1,
  0x33: 1,
  0x4a: 1,
  0x20: 1,
  0x25: 1,
  0x3d: 1,
  0x70: 3,
  0x42: 2,
  0x24: 2,
  0x5c: 2,
  0x69: 0,
  0x6d: 0,
};

/** Arguments after `GS <x>` for the commands without a variable length. */
const GS_ARGS: Record<number, number> = {
  0x21: 1,
  0x42: 1,
  0x48: 1,
  0x66: 1,
  0x68: 1,
  0x77: 1,
  0x61: 1,
  0x72: 1,
  0x49: 1,
  0x4c: 2,
  0x57: 2,
  0x62: 1,
};

export type RealtimeQuery = 1 | 2 | 3 | 4;

export interface DecoderEvents {
  /** A finished ticket: everything since the previous cut. */
  onTicket(ops: PrintOp[]): void;
  /** DLE EOT n: the sender waits for one status byte. */
  onStatusQuery?(n: RealtimeQuery): void;
}

export class EscPosDecoder {
  private pending: Buffer = Buffer.alloc(0);
  private ops: PrintOp[] = [];
  /** The current line: text already decoded (before a code page switch) and the bytes since. */
  private lineText = '';
  private line: number[] = [];
  private align: Align = 'left';
  private bold = false;
  private big = false;
  private invert = false;
  private codePage = 0;
  private qrData = '';
  private swallowNextNewline = false;

  constructor(private readonly events: DecoderEvents) {}

  /** Feeds bytes as they arrive; a command split across chunks waits for the rest. */
  push(chunk: Buffer): void {
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    let offset = 0;
    for (;;) {
      const used = this.step(this.pending, offset);
      if (used === 0) break;
      offset += used;
    }
    this.pending = this.pending.subarray(offset);
  }

  /** Whatever was printed without a final cut (the connection closed). */
  flush(): void {
    this.endLine(false);
    if (this.ops.length > 0) this.cut();
  }

  /** Consumes one byte or command at `at`; returns the bytes used, or 0 when more bytes are needed. */
  private step(buffer: Buffer, at: number): number {
    if (at >= buffer.length) return 0;
    const byte = buffer[at] as number;
    const need = (count: number) => (at + count <= buffer.length ? count : 0);
    const arg = (index: number) => buffer[at + index] as number;
    switch (byte) {
      case 0x0a:
        this.endLine(true);
        return 1;
      case 0x0d:
      case 0x09:
      case 0x0c:
        return 1;
      case 0x10: {
        if (!need(3)) return 0;
        if (arg(1) === 0x04) {
          const n = arg(2);
          if (n >= 1 && n <= 4) this.events.onStatusQuery?.(n as RealtimeQuery);
          return n === 7 || n === 8 ? need(4) : 3;
        }
        return arg(1) === 0x14 ? need(5) : 2;
      }
      case 0x1b:
        return this.escape(need, arg);
      case 0x1d:
        return this.groupSeparator(buffer, at, need, arg);
      case 0x1c: {
        if (!need(2)) return 0;
        const command = arg(1);
        if (command === 0x2e || command === 0x26) return 2;
        if (command === 0x70) return need(4);
        return need(3);
      }
      default:
        if (byte < 0x20) return 1;
        this.line.push(byte);
        return 1;
    }
  }

  private escape(need: (n: number) => number, arg: (i: number) => number): number {
    if (!need(2)) return 0;
    const command = arg(1);
    const length = 2 + (ESC_ARGS[command] ?? 1);
    if (!need(length)) return 0;
    const value = arg(2);
    switch (command) {
      case 0x40: // ESC @
        this.decodeBytes();
        this.align = 'left';
        this.bold = false;
        this.big = false;
        this.invert = false;
        this.codePage = 0;
        break;
      case 0x74:
        this.decodeBytes(); // a switch can come mid-line: what came before is in the old page
        this.codePage = value;
        break;
      case 0x21:
        this.bold = (value & 0x08) !== 0;
        this.big = (value & 0x20) !== 0;
        break;
      case 0x45:
        this.bold = (value & 0x01) !== 0;
        break;
      case 0x61:
        this.align = value === 1 || value === 0x31 ? 'center' : value === 2 || value === 0x32 ? 'right' : 'left';
        break;
      case 0x70:
        this.ops.push({ op: 'drawer' });
        break;
      case 0x69: // ESC i and ESC m: the older partial cuts, still sent by many drivers and print services
      case 0x6d:
        this.endLine(false);
        this.cut();
        break;
      default:
        break;
    }
    return length;
  }

  private groupSeparator(buffer: Buffer, at: number, need: (n: number) => number, arg: (i: number) => number): number {
    if (!need(2)) return 0;
    const command = arg(1);
    if (command === 0x56) {
      if (!need(3)) return 0;
      const mode = arg(2);
      const length = mode === 0x41 || mode === 0x42 || mode === 65 || mode === 66 ? 4 : 3;
      if (!need(length)) return 0;
      this.endLine(false);
      this.cut();
      return length;
    }
    if (command === 0x28) {
      // GS ( x pL pH ...: a function with its own length.
      if (!need(5)) return 0;
      const size = arg(3) + arg(4) * 256;
      if (!need(5 + size)) return 0;
      if (arg(2) === 0x6b) this.qr(buffer.subarray(at + 5, at + 5 + size));
      return 5 + size;
    }
    if (command === 0x76 && need(3) && arg(2) === 0x30) {
      // GS v 0 m xL xH yL yH data: a raster image.
      if (!need(8)) return 0;
      const size = (arg(4) + arg(5) * 256) * (arg(6) + arg(7) * 256);
      return need(8 + size);
    }
    if (command === 0x21) {
      if (!need(3)) return 0;
      this.big = (arg(2) & 0xf0) !== 0;
      return 3;
    }
    if (command === 0x42) {
      // GS B n: reverse printing (white on black) on or off
      if (!need(3)) return 0;
      this.invert = (arg(2) & 0x01) !== 0;
      return 3;
    }
    const length = 2 + (GS_ARGS[command] ?? 1);
    return need(length);
  }

  /** GS ( k: store QR data (fn 0x50), then print it (fn 0x51). */
  private qr(body: Buffer): void {
    const cn = body[0];
    const fn = body[1];
    if (cn !== 0x31) return;
    if (fn === 0x50) this.qrData = body.subarray(3).toString('utf8');
    if (fn === 0x51) {
      this.endLine(false);
      this.ops.push({ op: 'qr', data: this.qrData });
      this.swallowNextNewline = true;
    }
  }

  private decodeBytes(): void {
    if (this.line.length === 0) return;
    this.lineText += iconv.decode(Buffer.from(this.line), DECODE_PAGES[this.codePage] ?? 'cp437');
    this.line = [];
  }

  private endLine(newline: boolean): void {
    this.decodeBytes();
    if (this.lineText.length === 0) {
      if (newline) {
        if (this.swallowNextNewline) this.swallowNextNewline = false;
        else this.ops.push({ op: 'feed' });
      }
      return;
    }
    this.swallowNextNewline = false;
    const text = this.lineText;
    this.lineText = '';
    if (/^-{16,}$/.test(text)) {
      this.ops.push({ op: 'rule' });
      return;
    }
    this.ops.push({
      op: 'text',
      text,
      ...(this.align === 'left' ? {} : { align: this.align }),
      ...(this.bold ? { bold: true } : {}),
      ...(this.big ? { big: true } : {}),
      ...(this.invert ? { invert: true } : {}),
    });
  }

  private cut(): void {
    const ops = this.ops;
    this.ops = [];
    ops.push({ op: 'cut' });
    this.events.onTicket(ops);
  }
}
