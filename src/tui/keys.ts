import type { Key } from 'ink';

/**
 * Keys typed quickly (or over a slow SSH link, or pasted) can arrive as one chunk, `Cucina\t127.0.0.1`: hands them
 * over one at a time, a tab as Tab, a line end as Enter, DEL as Backspace and Ctrl-S as Ctrl-S, as if typed slowly.
 */
export function eachKey(handle: (input: string, key: Key) => void): (input: string, key: Key) => void {
  return (input, key) => {
    if (input.length <= 1 || key.ctrl || key.meta || key.escape) return handle(input, key);
    for (const char of input) {
      const tab = char === '\t';
      const enter = char === '\r' || char === '\n';
      const erase = char === '\u007f' || char === '\b';
      const code = char.charCodeAt(0);
      // Ctrl and a letter (Ctrl-S saves) is a control character in a chunk: the letter, with ctrl.
      const control = code >= 1 && code <= 26 && !tab && !enter && !erase;
      const input = tab || enter || erase ? '' : control ? String.fromCharCode(code + 96) : char;
      handle(input, { ...key, tab, return: enter, backspace: erase, delete: false, ctrl: control });
    }
  };
}
