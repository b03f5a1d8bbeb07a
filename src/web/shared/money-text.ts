/**
 * An amount on screen never breaks between "€" and its figure: "€" alone at the end of a line and "26,00" below it
 * read as two amounts. The space a language writes after the sign becomes a no-break space (paper keeps its own).
 * Pure (no DOM): test/i18n/i18n.test.ts.
 */
export function onScreen(money: string): string {
  return money.replace(/ /g, '\u00a0');
}
