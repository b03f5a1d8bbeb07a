// Text from the server is shown on terminals (the `pos` commands and the dashboard). A name typed on a till could
// carry an escape sequence that clears the admin's screen, rewrites the window title or moves the cursor over what
// was printed; a bidi control reorders the rest of the line. The server refuses such text today, but older rows, a
// restored backup or another server may still hold some: whatever is printed passes through here first.

/** Escape sequences as a whole (so no half of one is left to print): CSI, OSC, DCS/SOS/PM/APC, and two-byte ones. */
const ESCAPE_SEQUENCES = new RegExp(
  [
    '(?:\\u001b\\[|\\u009b)[0-?]*[ -/]*[@-~]?', // CSI: colours, cursor moves, screen clears
    '(?:\\u001b\\]|\\u009d)[^\\u0007\\u001b\\u009c]*(?:\\u0007|\\u001b\\\\|\\u009c)?', // OSC: window title, links
    '(?:\\u001b[PX^_]|[\\u0090\\u0098\\u009e\\u009f])[^\\u001b\\u009c]*(?:\\u001b\\\\|\\u009c)?', // DCS, SOS, PM, APC
    '\\u001b[ -/]*[0-~]?', // the rest: ESC c (reset), ESC 7 / ESC 8, ESC ( B, ...
  ].join('|'),
  'g',
);
/** Any control character left (C0 but line feed and tab, DEL, C1) and the bidi controls. */
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/**
 * `text` as it may be shown on a terminal: escape sequences and control characters removed, tabs made spaces.
 * Line feeds are kept (a printed block has several lines) unless `singleLine`, which makes them spaces too (a
 * table cell, a dashboard line).
 */
export function terminalText(text: string, options: { singleLine?: boolean } = {}): string {
  const clean = text.replace(ESCAPE_SEQUENCES, '').replace(CONTROLS, '').replace(/\t/g, ' ');
  return options.singleLine === true ? clean.replace(/\n/g, ' ') : clean;
}

/**
 * JSON for a terminal: the same data, with the characters that JSON leaves as they are but a terminal acts on
 * (DEL, C1, bidi controls) written as \u escapes. JSON already escapes the C0 controls, ESC among them.
 */
export function terminalJson(value: unknown, space?: number): string {
  return JSON.stringify(value, null, space).replace(
    /[\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
