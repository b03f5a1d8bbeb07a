import { ALLERGENS, type Allergen } from '../../api/enums.js';
import type { MessageKey } from '../../i18n/translate.js';
import { useTexts } from './locale.js';

// Allergens on the till and the customers' menu page: short marks in the page's language on each food ("GL",
// "LA"), and a legend under the foods saying what each mark means. Letters in a framed box, black on white: read
// without telling colours apart.

const mark = (allergen: Allergen) => `allergen.mark.${allergen}` as MessageKey;
const name = (allergen: Allergen) => `allergen.${allergen}` as MessageKey;

/** The marks of one food; a screen reader hears the full names instead. */
export function AllergenMarks({ allergens }: { allergens: readonly Allergen[] }) {
  const { t } = useTexts();
  if (allergens.length === 0) return null;
  return (
    <span className="food-allergens">
      <span className="visually-hidden">
        {t('menu.allergensOf', { list: allergens.map((allergen) => t(name(allergen))).join(', ') })}
      </span>
      {allergens.map((allergen) => (
        <span key={allergen} className="allergen-mark" aria-hidden="true">
          {t(mark(allergen))}
        </span>
      ))}
    </span>
  );
}

/** What the marks shown mean, in the EU list's order; nothing when no food shown has an allergen. */
export function AllergenLegend({ allergens }: { allergens: Iterable<Allergen> }) {
  const { t } = useTexts();
  const shown = new Set(allergens);
  const list = ALLERGENS.filter((allergen) => shown.has(allergen));
  if (list.length === 0) return null;
  return (
    <section className="allergen-legend" aria-label={t('menu.allergens')}>
      <h2>{t('menu.allergens')}</h2>
      <dl>
        {list.map((allergen) => (
          <div key={allergen}>
            <dt className="allergen-mark">{t(mark(allergen))}</dt>
            <dd>{t(name(allergen))}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
