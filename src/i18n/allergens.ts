import { ALLERGENS, type Allergen } from '../api/enums.js';
import { CATALOGS, type Locale, type MessageKey } from './index.js';

// Allergens as people write them (a menu spreadsheet, `pos foods --allergens`): the code, or a word in English or
// Italian, any case. The catalogs' full names count too ("Frutta a guscio"), and so do the usual short forms.

/** The word a spreadsheet writes in each language, then other spellings people use. */
const WORDS: Record<Allergen, { en: string; it: string; more: readonly string[] }> = {
  GLUTEN: { en: 'gluten', it: 'glutine', more: ['cereals', 'cereali'] },
  CRUSTACEANS: { en: 'crustaceans', it: 'crostacei', more: ['crustacean'] },
  EGGS: { en: 'eggs', it: 'uova', more: ['egg', 'uovo'] },
  FISH: { en: 'fish', it: 'pesce', more: [] },
  PEANUTS: { en: 'peanuts', it: 'arachidi', more: ['peanut'] },
  SOY: { en: 'soy', it: 'soia', more: ['soya'] },
  MILK: { en: 'milk', it: 'latte', more: ['lactose', 'lattosio'] },
  NUTS: { en: 'nuts', it: 'frutta a guscio', more: ['tree nuts', 'frutta secca'] },
  CELERY: { en: 'celery', it: 'sedano', more: [] },
  MUSTARD: { en: 'mustard', it: 'senape', more: [] },
  SESAME: { en: 'sesame', it: 'sesamo', more: [] },
  SULPHITES: { en: 'sulphites', it: 'solfiti', more: ['sulfites', 'anidride solforosa'] },
  LUPIN: { en: 'lupin', it: 'lupini', more: ['lupins'] },
  MOLLUSCS: { en: 'molluscs', it: 'molluschi', more: ['mollusks'] },
};

/** How a spreadsheet of the venue's language writes the allergen ("glutine"); read back by `allergenOf`. */
export function allergenWord(locale: Locale, allergen: Allergen): string {
  return locale === 'it' ? WORDS[allergen].it : WORDS[allergen].en;
}

const fold = (word: string) => word.trim().toLocaleLowerCase('it').replace(/\s+/g, ' ');

const BY_WORD = new Map<string, Allergen>();
for (const allergen of ALLERGENS) {
  BY_WORD.set(fold(allergen), allergen);
  const words = WORDS[allergen];
  for (const word of [words.en, words.it, ...words.more]) BY_WORD.set(fold(word), allergen);
  for (const catalog of Object.values(CATALOGS))
    BY_WORD.set(fold(catalog[`allergen.${allergen}` as MessageKey]), allergen);
}

/** One allergen from a word, or null when it is none of the 14. */
export function allergenOf(word: string): Allergen | null {
  return BY_WORD.get(fold(word)) ?? null;
}

/**
 * A list as typed: words separated by commas, semicolons or slashes; empty (or "none", "nessuno") is no allergen.
 * Gives the allergens in the EU list's order and the words that are none of them.
 */
export function parseAllergens(text: string): { allergens: Allergen[]; unknown: string[] } {
  const words = text
    .split(/[,;/]/)
    .map((word) => word.trim())
    .filter((word) => word !== '' && !['none', 'nessuno', '-'].includes(fold(word)));
  const found = new Set<Allergen>();
  const unknown: string[] = [];
  for (const word of words) {
    const allergen = allergenOf(word);
    if (allergen) found.add(allergen);
    else unknown.push(word);
  }
  return { allergens: ALLERGENS.filter((allergen) => found.has(allergen)), unknown };
}
