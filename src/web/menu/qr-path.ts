import { qrCode } from './qr-code.js';

// The cart's QR code, drawn by the page itself (no network, no image service): the module matrix of qr-code.ts
// as one SVG path, a square of 1 per dark module, with the 4-module quiet zone scanners need.

const QUIET_ZONE = 4;

export interface QrDrawing {
  /** Modules per side, quiet zone included: the SVG's viewBox. */
  size: number;
  path: string;
}

export function qrDrawing(text: string): QrDrawing {
  const modules = qrCode(text);
  const parts: string[] = [];
  for (let row = 0; row < modules.size; row++) {
    for (let column = 0; column < modules.size; column++) {
      if (modules.get(row, column)) parts.push(`M${column + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`);
    }
  }
  return { size: modules.size + 2 * QUIET_ZONE, path: parts.join('') };
}
