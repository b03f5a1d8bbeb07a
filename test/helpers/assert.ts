/** The part of a tap test the assertions below need. */
export interface Asserts {
  ok(value: unknown, message: string): unknown;
}

/**
 * Passes when `list` is not empty and every item satisfies `check`. `t.ok(list.every(...))` alone passes on an empty
 * list, which is how a broken query or a stream that never connected slips through; this names the first offender.
 */
export function everyOf<T>(
  t: Asserts,
  list: readonly T[],
  check: (item: T, index: number) => boolean,
  what: string,
): boolean {
  if (list.length === 0) {
    t.ok(false, `${what} (the list is empty: nothing to check)`);
    return false;
  }
  const offender = list.findIndex((item, index) => !check(item, index));
  if (offender === -1) {
    t.ok(true, `${what} (all ${list.length})`);
    return true;
  }
  t.ok(false, `${what}: item ${offender} of ${list.length} fails: ${describe(list[offender])}`);
  return false;
}

/** The wait condition's counterpart: true only when `list` has items and all satisfy `check`. */
export function allOf<T>(list: readonly T[], check: (item: T) => boolean): boolean {
  return list.length > 0 && list.every(check);
}

function describe(value: unknown): string {
  try {
    return (JSON.stringify(value) ?? String(value)).slice(0, 300);
  } catch {
    return String(value); // a cycle (a socket, a stream)
  }
}
