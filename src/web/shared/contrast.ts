// Text colour for a coloured background by WCAG 2 contrast (relative luminance): a banner in the venue's orange
// gets black text (about 9:1), not white (2.4:1). Pure, no DOM: the TV uses it and test/web/contrast.test.ts
// checks it. Black and white are the candidates because one of them always reaches at least 4.58:1 (√21).

const BLACK = '#000000';
const WHITE = '#ffffff';

/** `ffd23f`, `#fd3` → [r, g, b] 0–255; null when it is not 3 or 6 hex digits. */
function parseHex(hex: string): [number, number, number] | null {
  const bare = hex.trim().replace(/^#/, '');
  if (!/^([0-9a-f]{3}|[0-9a-f]{6})$/i.test(bare)) return null;
  const full = bare.length === 3 ? [...bare].map((c) => c + c).join('') : bare;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

/** WCAG 2 relative luminance of an sRGB colour (0 black … 1 white). */
export function relativeLuminance(hex: string): number {
  const rgb = parseHex(hex);
  if (!rgb) throw new Error(`not a colour: ${hex}`);
  const [r, g, b] = rgb.map((value) => {
    const v = value / 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colours, 1 … 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

export interface TextChoice {
  /** The text colour to use. */
  color: typeof BLACK | typeof WHITE;
  /** `light` background (dark text) or `dark` background (light text), for a CSS class. */
  background: 'light' | 'dark';
  /** Its contrast with the background: ≥ 4.5 (WCAG AA) for every background. */
  ratio: number;
}

/** Black or white text, whichever contrasts more with the background (an unreadable colour falls back to dark). */
export function textOn(background: string): TextChoice {
  const bg = parseHex(background) ? background : '#111111';
  const onBlack = contrastRatio(bg, BLACK);
  const onWhite = contrastRatio(bg, WHITE);
  return onBlack >= onWhite
    ? { color: BLACK, background: 'light', ratio: onBlack }
    : { color: WHITE, background: 'dark', ratio: onWhite };
}
