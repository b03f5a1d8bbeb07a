// A ticket as a short list of device-independent operations. Layouts produce them; the ESC/POS encoder turns them
// into bytes; the emulator decodes bytes back into them; renderText shows them as the paper would, for golden
// tests, emulator files and previews.

import { printable } from '../codepage.js';

export type Align = 'left' | 'center' | 'right';

export type PrintOp =
  /**
   * One printed line; `big` is double width and height, so only half as many characters fit; `invert` prints it
   * white on black (what a cook must not miss).
   */
  | { op: 'text'; text: string; align?: Align; bold?: boolean; big?: boolean; invert?: boolean }
  /** A line of dashes across the paper. */
  | { op: 'rule' }
  | { op: 'qr'; data: string }
  | { op: 'feed' }
  | { op: 'drawer' }
  | { op: 'cut' };

export const WIDTHS = [32, 42, 48] as const;
export type Width = (typeof WIDTHS)[number];

/** Characters that fit on one line in the given mode. */
export function capacity(columns: number, big = false): number {
  return big ? Math.floor(columns / 2) : columns;
}

/** Units a measure in a food's name is written with ("0,4 l", "250 g"). */
const UNIT = /^(l|cl|dl|ml|g|hg|kg|pz)\.?$/i;

/**
 * The words of a line, with what must not be parted glued together: a price per unit ("3,00 / l"), a number and its
 * unit ("0,4 l") and a euro sign and its amount ("€ 2"). A receipt that printed "Vino sfuso 3,00" and "/ l" on the
 * next line read as a wine at 3,00.
 */
function words(paragraph: string): string[] {
  const out: string[] = [];
  for (const word of paragraph.split(/\s+/).filter(Boolean)) {
    const last = out.at(-1);
    const glued =
      last !== undefined &&
      (word.startsWith('/') ||
        last.endsWith('/') ||
        (UNIT.test(word) && /\d$/.test(last)) ||
        (last === '€' && /^\d/.test(word)));
    if (glued) out[out.length - 1] = `${last} ${word}`;
    else out.push(word);
  }
  return out;
}

/** Splits text into lines of at most `width` characters, at spaces when possible (see `words` for what stays whole). */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of words(paragraph)) {
      let rest = word;
      while (rest.length > width) {
        if (line) {
          lines.push(line);
          line = '';
        }
        lines.push(rest.slice(0, width));
        rest = rest.slice(width);
      }
      if (!rest) continue;
      if (!line) line = rest;
      else if (line.length + 1 + rest.length <= width) line += ` ${rest}`;
      else {
        lines.push(line);
        line = rest;
      }
    }
    lines.push(line);
  }
  return lines;
}

/**
 * `left ........ right`, the left part wrapped (never cut) over as many lines as it needs: the right part on the
 * first line, the following lines indented by `hang` spaces (to sit under a name after "60 x ").
 */
export function leftRightWrapped(left: string, right: string, width: number, hang = 2): string[] {
  const room = Math.max(1, width - right.length - 1);
  if (left.length <= room) return [leftRight(left, right, width)];
  const lead = /^\s*/.exec(left)?.[0] ?? '';
  const [first = '', ...rest] = wrap(left.slice(lead.length), room - lead.length);
  const indent = ' '.repeat(Math.min(hang, width - room));
  return [leftRight(`${lead}${first}`, right, width), ...rest.map((line) => `${indent}${line}`)];
}

/** `left ........ right` on one line (the left part is cut if both do not fit: see leftRightWrapped). */
export function leftRight(left: string, right: string, width: number): string {
  const room = width - right.length - 1;
  const shown = left.length > room ? left.slice(0, Math.max(0, room)) : left;
  return `${shown}${' '.repeat(Math.max(1, width - shown.length - right.length))}${right}`;
}

function aligned(text: string, width: number, align: Align = 'left'): string {
  const content = text.length > width ? text.slice(0, width) : text;
  const room = width - content.length;
  if (align === 'center') return `${' '.repeat(Math.floor(room / 2))}${content}`.trimEnd();
  if (align === 'right') return `${' '.repeat(room)}${content}`;
  return content.trimEnd();
}

/** White on black, as text: the paper around the letters is black across the whole line (`█`). */
function inverted(line: string, columns: number): string {
  const lead = /^ */.exec(line)?.[0].length ?? 0;
  const body = line.slice(lead);
  return `${'█'.repeat(lead)}${body}${'█'.repeat(Math.max(0, columns - lead - body.length))}`;
}

/**
 * The ticket as text, line by line, as it comes out of the printer: big text is shown with its letters spaced out
 * (it takes two columns each), inverted text on a row of `█`, the QR code as `[QR <data>]`, a drawer kick as
 * `[drawer]`; a cut ends the text.
 */
export function renderText(ops: readonly PrintOp[], columns: number): string {
  const lines: string[] = [];
  for (const op of ops) {
    switch (op.op) {
      case 'text': {
        const text = printable(op.text); // as the encoder sends it
        let line: string;
        if (op.big) {
          const half = aligned(text, capacity(columns, true), op.align);
          line = [...half]
            .map((char) => `${char} `)
            .join('')
            .trimEnd();
        } else {
          line = aligned(text, columns, op.align);
        }
        lines.push(op.invert ? inverted(line, columns) : line);
        break;
      }
      case 'rule':
        lines.push('-'.repeat(columns));
        break;
      case 'qr':
        lines.push(aligned(`[QR ${op.data}]`, columns, 'center'));
        break;
      case 'feed':
        lines.push('');
        break;
      case 'drawer':
        lines.push('[drawer]');
        break;
      case 'cut':
        break;
    }
  }
  return `${lines.join('\n')}\n`;
}
