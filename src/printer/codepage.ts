import iconv from 'iconv-lite';

// Text to printer bytes. Tickets are printed in PC858 (Latin-1 with €: à è é ì ò ù €). A character PC858 lacks
// (a Polish or Czech name, Cyrillic, Greek) switches to a single-byte page that has it, one that Epson-compatible
// printers commonly carry; anything else is printed without its accent, or as '?'. We do this ourselves rather
// than through node-thermal-printer's automatic switching, which also tries multi-byte pages with the wrong command
// (ESC R) and then garbles the rest of the ticket.

export interface CodePage {
  /** The n of ESC t n (Epson numbering). */
  number: number;
  encoding: string;
}

export const PC858: CodePage = { number: 19, encoding: 'cp858' };
const FALLBACKS: CodePage[] = [
  { number: 16, encoding: 'cp1252' },
  { number: 18, encoding: 'cp852' },
  { number: 17, encoding: 'cp866' },
  { number: 14, encoding: 'cp737' },
];

/** Epson ESC t n → iconv encoding, for reading bytes back (the emulator). */
export const DECODE_PAGES: Record<number, string> = {
  0: 'cp437',
  2: 'cp850',
  3: 'cp860',
  4: 'cp863',
  5: 'cp865',
  13: 'cp857',
  14: 'cp737',
  15: 'iso-8859-7',
  16: 'cp1252',
  17: 'cp866',
  18: 'cp852',
  19: 'cp858',
  33: 'cp775',
  34: 'cp855',
  35: 'cp861',
  36: 'cp862',
  37: 'cp864',
  38: 'cp869',
  39: 'iso-8859-2',
  40: 'iso-8859-15',
  44: 'cp1125',
  45: 'win1250',
  46: 'win1251',
  47: 'win1253',
  48: 'win1254',
  49: 'win1255',
  50: 'win1256',
  51: 'win1257',
};

/**
 * Text as a printer can take it: composed accents (é, not e + ´) and no control characters. A control character in
 * a customer name or a note would otherwise reach the printer as a command (ESC p opens the cash drawer).
 */
export function printable(text: string): string {
  return text.normalize('NFC').replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ');
}

function byteIn(page: CodePage, char: string): Buffer | null {
  const bytes = iconv.encode(char, page.encoding);
  return bytes.length === 1 && iconv.decode(bytes, page.encoding) === char ? bytes : null;
}

/** Encodes text for one ticket, remembering the code page the printer is in between calls. */
export class TicketTextEncoder {
  private page: CodePage = PC858;

  /** The command that puts the printer in the page this encoder assumes at the start. */
  static start(): Buffer {
    return Buffer.from([0x1b, 0x74, PC858.number]);
  }

  encode(text: string): Buffer {
    const out: Buffer[] = [];
    for (const char of printable(text)) out.push(this.char(char));
    return Buffer.concat(out);
  }

  private char(char: string): Buffer {
    const code = char.codePointAt(0) as number;
    if (code >= 0x20 && code < 0x7f) return Buffer.from([code]); // ASCII is the same in every page used here
    const here = byteIn(this.page, char);
    if (here) return here;
    for (const page of [PC858, ...FALLBACKS]) {
      const byte = byteIn(page, char);
      if (byte) {
        this.page = page;
        return Buffer.concat([Buffer.from([0x1b, 0x74, page.number]), byte]);
      }
    }
    const bare = char.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
    if (bare !== char && bare.length > 0) return this.encode(bare);
    return Buffer.from('?');
  }
}
