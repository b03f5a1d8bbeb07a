// Cash: the change to give, and the amounts a customer usually hands over (pure, unit-tested).

const NOTES_CENTS = [500, 1000, 2000, 5000] as const;

/** Change to give back, or a negative amount still to pay. */
export function changeCents(totalCents: number, receivedCents: number): number {
  return receivedCents - totalCents;
}

/** Quick amounts: the exact total, then the next notes above it (5, 10, 20, 50), without repeats. */
export function quickAmounts(totalCents: number): number[] {
  const amounts = [totalCents];
  for (const note of NOTES_CENTS) {
    // The smallest multiple of the note above the total: 12.30 → 15, 20, 50; 20.00 → 25, 30, 40, 50.
    const next = (Math.floor(totalCents / note) + 1) * note;
    if (!amounts.includes(next)) amounts.push(next);
  }
  return amounts.sort((a, b) => a - b).slice(0, 5);
}

/** The keypad: digits typed as cents, like a card terminal (1, 2, 5, 0 → 12.50). */
export function keypadPress(currentCents: number, key: string): number {
  if (key === 'C') return 0;
  if (key === '⌫') return Math.floor(currentCents / 10);
  if (key === '00') return currentCents >= 100_000 ? currentCents : Number(`${currentCents}00`); // two zeros typed
  if (/^\d$/.test(key)) return currentCents >= 1_000_000 ? currentCents : currentCents * 10 + Number(key);
  return currentCents;
}
