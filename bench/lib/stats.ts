/** The p-th percentile (0–100) of the values, nearest-rank; NaN when there are none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

export const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

/** A wall clock with sub-millisecond resolution that agrees across processes on the same machine. */
export const wallMs = () => performance.timeOrigin + performance.now();
