import { Fragment, useEffect, useMemo, useState } from 'react';
import { counted, formatDateTime, LOCALES } from '../../i18n/translate.js';
import { AllergenLegend, AllergenMarks } from '../shared/Allergens.js';
import { encodeCart } from '../shared/cart-code.js';
import { ChoicesSheet } from '../shared/ChoicesSheet.js';
import { TextsContext, useTexts } from '../shared/locale.js';
import { usePageLocale } from '../shared/use-page-locale.js';
import {
  type CartLine,
  cartTotal,
  countOf,
  embeddedMenu,
  fetchMenu,
  type Menu,
  type MenuFood,
  type PickedLine,
  pick,
  pricedLines,
} from './menu-data.js';
import { qrDrawing } from './qr-path.js';

// The menu for customers in the queue (docs/menu-page.md): the foods by category with prices and allergens; a food
// with choices opens the till's own choices sheet; the customer builds an order and gets its cart code, as a QR
// code and as text, to show at the till.

/** The phone's own time zone: the page may be opened far from the venue (a website's copy). */
function localZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

export function App() {
  const { locale, text, chooseLocale } = usePageLocale('menuPage.title');
  const [menu, setMenu] = useState<Menu | null>(() => embeddedMenu());
  const [failed, setFailed] = useState(false);
  const [cart, setCart] = useState<PickedLine[]>([]);
  const [choosing, setChoosing] = useState<MenuFood | null>(null);

  useEffect(() => {
    if (menu) return;
    fetchMenu()
      .then(setMenu)
      .catch(() => setFailed(true));
  }, [menu]);

  const change = (foodId: string, optionIds: readonly string[], by: number) =>
    setCart((current) => pick(current, foodId, optionIds, by));
  /** + on a food: one more, or its choices first. */
  const add = (food: MenuFood) => (food.choices.length > 0 ? setChoosing(food) : change(food.id, [], 1));

  const languages = (
    <div className="lang" role="group" aria-label={text.t('lang.label')}>
      {LOCALES.map((code) => (
        <button
          key={code}
          type="button"
          className="chip"
          aria-pressed={code === locale}
          onClick={() => chooseLocale(code)}
        >
          {code.toUpperCase()}
        </button>
      ))}
    </div>
  );

  return (
    <TextsContext.Provider value={text}>
      <header className="menu-top">
        <h1>{menu?.venue || text.t('menuPage.title')}</h1>
        {languages}
      </header>
      <main className="menu-page">
        {!menu ? (
          <p role="status">{text.t(failed ? 'menuPage.unreachable' : 'menuPage.loading')}</p>
        ) : (
          <>
            <p className="intro">{text.t('menuPage.intro')}</p>
            <Foods menu={menu} cart={cart} onAdd={add} onChange={change} />
            <Cart menu={menu} cart={cart} onChange={change} onClear={() => setCart([])} />
            {choosing && (
              <ChoicesSheet
                food={{ ...choosing, priceCents: choosing.price }}
                onBack={() => setChoosing(null)}
                onAdd={(choices) => {
                  change(
                    choosing.id,
                    choices.map((choice) => choice.id),
                    1,
                  );
                  setChoosing(null);
                }}
              />
            )}
          </>
        )}
      </main>
    </TextsContext.Provider>
  );
}

function Foods({
  menu,
  cart,
  onAdd,
  onChange,
}: {
  menu: Menu;
  cart: readonly PickedLine[];
  onAdd(food: MenuFood): void;
  onChange(foodId: string, optionIds: readonly string[], by: number): void;
}) {
  const { t, money } = useTexts();
  const allergens = menu.categories.flatMap((category) => category.foods.flatMap((food) => food.allergens));
  return (
    <div className="categories">
      {menu.categories.map((category) => (
        <section key={category.name} aria-labelledby={`cat-${category.name}`} className="category">
          <h2 id={`cat-${category.name}`}>{category.name}</h2>
          <ul>
            {category.foods.map((food) => {
              const count = countOf(cart, food.id);
              const choices = food.choices.length > 0;
              return (
                <li key={food.id} className="food">
                  <div className="food-text">
                    <span className="food-name">{food.name}</span>
                    <AllergenMarks allergens={food.allergens} />
                    {food.description && <span className="food-description">{food.description}</span>}
                    {choices && (
                      <span className="food-choices">
                        {t('menuPage.toChoose', { groups: food.choices.map((group) => group.name).join(', ') })}
                      </span>
                    )}
                    {food.portionsLeft !== null && food.portionsLeft <= 20 && (
                      <span className="food-left">
                        {t(counted('menuPage.left', food.portionsLeft), { count: food.portionsLeft })}
                      </span>
                    )}
                  </div>
                  <span className="food-price">{money(food.price)}</span>
                  <div className="stepper">
                    {count > 0 &&
                      (choices ? (
                        // Which of its lines to take off is chosen in the order, where each line shows its choices.
                        <span className="count" title={t('menuPage.inCart', { count })}>
                          {count}
                        </span>
                      ) : (
                        <>
                          <button
                            type="button"
                            aria-label={t('menuPage.remove', { name: food.name })}
                            onClick={() => onChange(food.id, [], -1)}
                          >
                            −
                          </button>
                          <span title={t('menuPage.inCart', { count })}>{count}</span>
                        </>
                      ))}
                    <button
                      type="button"
                      className="primary"
                      aria-label={t('menuPage.add', { name: food.name })}
                      aria-haspopup={choices ? 'dialog' : undefined}
                      onClick={() => onAdd(food)}
                    >
                      +
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
      <AllergenLegend allergens={allergens} />
    </div>
  );
}

function Cart({
  menu,
  cart,
  onChange,
  onClear,
}: {
  menu: Menu;
  cart: readonly PickedLine[];
  onChange(foodId: string, optionIds: readonly string[], by: number): void;
  onClear(): void;
}) {
  const { t, money, locale } = useTexts();
  const lines = useMemo(() => pricedLines(menu, cart), [menu, cart]);
  const code =
    lines.length > 0
      ? encodeCart(lines.map((line) => ({ ...line, optionIds: line.options.map((option) => option.id) })))
      : null;
  const delta = (cents: number) => `${cents > 0 ? '+' : '−'}${money(Math.abs(cents))}`;
  /** A line's name in a button's label: with its choices, since the same food may have two lines. */
  const named = (line: CartLine) =>
    line.options.length === 0 ? line.name : `${line.name} (${line.options.map((option) => option.name).join(', ')})`;
  const drawing = useMemo(() => (code ? qrDrawing(code) : null), [code]);
  return (
    <section className="cart" aria-labelledby="cart-title">
      <h2 id="cart-title">{t('menuPage.yourOrder')}</h2>
      {lines.length === 0 ? (
        <p>{t('menuPage.empty')}</p>
      ) : (
        <>
          <ul className="cart-lines">
            {lines.map((line) => {
              const optionIds = line.options.map((option) => option.id);
              return (
                <li key={line.key}>
                  <span className="line-text">
                    <span>
                      {line.quantity} × {line.name}
                    </span>
                    {line.options.length > 0 && (
                      <span className="line-choices">
                        {line.options.map((option, index) => (
                          // An option's price change stays beside its name (a no-break space); the line wraps at
                          // the other spaces, so a narrow phone never scrolls sideways.
                          <Fragment key={option.id}>
                            {index > 0 && ' · '}
                            {option.priceDeltaCents === 0
                              ? option.name
                              : `${option.name}\u00a0${delta(option.priceDeltaCents)}`}
                          </Fragment>
                        ))}
                      </span>
                    )}
                  </span>
                  <span className="line-amount">{money(line.unitCents * line.quantity)}</span>
                  <span className="line-steps">
                    <button
                      type="button"
                      aria-label={t('menuPage.remove', { name: named(line) })}
                      onClick={() => onChange(line.foodId, optionIds, -1)}
                    >
                      −
                    </button>
                    <button
                      type="button"
                      aria-label={t('menuPage.more', { name: named(line) })}
                      onClick={() => onChange(line.foodId, optionIds, 1)}
                    >
                      +
                    </button>
                  </span>
                </li>
              );
            })}
          </ul>
          <p className="cart-total">
            <span>{t('menuPage.total')}</span> <strong>{money(cartTotal(lines))}</strong>
          </p>
          <p className="hint">
            {t('menuPage.priceNote', { date: formatDateTime(locale, Date.parse(menu.generatedAt), localZone()) })}
          </p>
          {drawing && code && (
            <figure className="qr">
              <figcaption>{t('menuPage.qr')}</figcaption>
              <svg
                role="img"
                aria-label={t('menuPage.qrImage')}
                viewBox={`0 0 ${drawing.size} ${drawing.size}`}
                shapeRendering="crispEdges"
              >
                <rect width={drawing.size} height={drawing.size} fill="#fff" />
                <path d={drawing.path} fill="#000" />
              </svg>
              <p>
                <span id="cart-code-label">{t('menuPage.codeText')}</span>
                <output aria-labelledby="cart-code-label" className="cart-code">
                  {code}
                </output>
              </p>
            </figure>
          )}
          <button type="button" onClick={onClear}>
            {t('menuPage.clear')}
          </button>
        </>
      )}
    </section>
  );
}
