// The cart a customer builds on the menu page and shows at the till as a QR code (docs/menu-page.md). Pure and
// import-free: the menu page writes it, the till reads it.
//
//   POS1:<line>+<line>+...        version 1; lines in the order the customer added them
//   <line> = <food>[*<qty>][/<option>...]
//
// <food> and <option> are the last 6 characters of the food's (option's) id, upper case: the random part of the
// id, so two foods of one menu practically never share it. <qty> is left out when it is 1. Every character is in
// the QR code's alphanumeric set (0-9 A-Z and `:*+/`), which packs 5.5 bits a character instead of 8: a 10-line
// order fits a small code that a counter's USB scanner reads at arm's length.

export const CART_PREFIX = 'POS1:';
const REF_LENGTH = 6;
/** What the till takes at most from one code (a scanner typing garbage does not build a thousand-line order). */
const MAX_CART_LINES = 100;
export const MAX_QUANTITY = 99;

export interface CartCodeLine {
  /** The food's reference: the last REF_LENGTH characters of its id, upper case. */
  food: string;
  quantity: number;
  /** The references of the options chosen, if any. */
  options: string[];
}

/** The reference of an id in a cart code. */
export function refOf(id: string): string {
  return id.slice(-REF_LENGTH).toUpperCase();
}

/** Whether an id is the one a reference names (the till matches its own menu's ids against the code). */
export function refersTo(ref: string, id: string): boolean {
  return ref.length === REF_LENGTH && refOf(id) === ref.toUpperCase();
}

export function encodeCart(lines: ReadonlyArray<{ foodId: string; quantity: number; optionIds?: readonly string[] }>) {
  const parts = lines
    .filter((line) => line.quantity > 0)
    .map((line) => {
      const quantity = line.quantity === 1 ? '' : `*${line.quantity}`;
      const options = (line.optionIds ?? []).map((id) => `/${refOf(id)}`).join('');
      return `${refOf(line.foodId)}${quantity}${options}`;
    });
  return `${CART_PREFIX}${parts.join('+')}`;
}

const REF = `[0-9A-Z]{${REF_LENGTH}}`;
const LINE = new RegExp(`^(${REF})(?:\\*(\\d{1,2}))?((?:/${REF})*)$`);

/**
 * The lines of a scanned or typed cart code, or null when the text is not one (another QR, a receipt's code, a
 * later version of the format). Spaces a scanner adds at the ends are ignored; case does not matter.
 */
export function decodeCart(text: string): CartCodeLine[] | null {
  const code = text.trim().toUpperCase();
  if (!code.startsWith(CART_PREFIX)) return null;
  const body = code.slice(CART_PREFIX.length);
  if (body === '') return null;
  const parts = body.split('+');
  if (parts.length > MAX_CART_LINES) return null;
  const lines: CartCodeLine[] = [];
  for (const part of parts) {
    const match = LINE.exec(part);
    if (!match) return null;
    const quantity = match[2] === undefined ? 1 : Number(match[2]);
    if (quantity < 1 || quantity > MAX_QUANTITY) return null;
    const options = (match[3] ?? '').split('/').filter((ref) => ref !== '');
    lines.push({ food: match[1] as string, quantity, options });
  }
  return lines;
}
