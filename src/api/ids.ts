// The shape of every id the server makes (src/core/ids.ts makes them): pure, so the CLI and the browser check ids
// with the same rule the server validates them with.

/** `c` + 24 lowercase base36 characters. */
export const CUID_PATTERN = /^c[0-9a-z]{24}$/;

export function isCuid(value: string): boolean {
  return CUID_PATTERN.test(value);
}
