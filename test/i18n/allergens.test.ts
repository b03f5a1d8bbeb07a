import t from 'tap';
import { ALLERGENS } from '../../src/api/enums.js';
import { allergenOf, allergenWord, parseAllergens } from '../../src/i18n/allergens.js';
import { CATALOGS, LOCALES, type MessageKey } from '../../src/i18n/index.js';

// The marks the till shows must tell the 14 apart in every language, and every word a spreadsheet writes must be
// read back as the same allergen.

t.test('in every language, 14 different short marks and a name for each allergen', async (t) => {
  for (const locale of LOCALES) {
    const marks = ALLERGENS.map((allergen) => CATALOGS[locale][`allergen.mark.${allergen}` as MessageKey]);
    t.equal(new Set(marks).size, ALLERGENS.length, `${locale}: ${marks.join(' ')}`);
    t.ok(
      marks.every((mark) => /^[A-Z]{2}$/.test(mark)),
      `${locale}: two capital letters each`,
    );
  }
});

t.test('what an export writes, an import reads: words, names and codes in any case', async (t) => {
  for (const locale of LOCALES) {
    for (const allergen of ALLERGENS) {
      t.equal(allergenOf(allergenWord(locale, allergen)), allergen, `${locale} ${allergenWord(locale, allergen)}`);
      t.equal(allergenOf(CATALOGS[locale][`allergen.${allergen}` as MessageKey].toUpperCase()), allergen);
      t.equal(allergenOf(allergen.toLowerCase()), allergen);
    }
  }
  t.same(parseAllergens('Latte; glutine / MILK, sesame'), { allergens: ['GLUTEN', 'MILK', 'SESAME'], unknown: [] });
  t.same(parseAllergens(' , nessuno'), { allergens: [], unknown: [] });
  t.same(parseAllergens('pork, fish'), { allergens: ['FISH'], unknown: ['pork'] });
});
