import { useEffect, useMemo, useState } from 'react';
import { PosClient } from '../../client/index.js';
import { formatDateTime, LOCALES } from '../../i18n/index.js';
import { TextsContext, useTexts } from '../shared/locale.js';
import { usePageLocale } from '../shared/use-page-locale.js';
import { encodeCart } from '../shared/cart-code.js';
import { type CartLine, cartTotal, embeddedMenu, type Menu } from './menu-data.js';
import { qrDrawing } from './qr-path.js';

// The menu for customers in the queue (docs/menu-page.md): the foods by category with prices; the customer
// builds an order and gets its cart code, as a QR code and as text, to show at the till.

/** The phone's own time zone: the page may be opened far from the venue (a website's copy). */
function localZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

export function App() {
  const { locale, text, chooseLocale } = usePageLocale('menuPage.title');
  const [menu, setMenu] = useState<Menu | null>(() => embeddedMenu());
  const [failed, setFailed] = useState(false);
  const [cart, setCart] = useState<Map<string, number>>(new Map());

  useEffect(() => {
    if (menu) return;
    new PosClient({ baseUrl: '', token: () => null, timeoutMs: 15_000 })
      .publicMenu()
      .then(setMenu)
      .catch(() => setFailed(true));
  }, [menu]);

  const change = (foodId: string, by: number) =>
    setCart((current) => {
      const next = new Map(current);
      const quantity = Math.min(99, Math.max(0, (next.get(foodId) ?? 0) + by));
      if (quantity === 0) next.delete(foodId);
      else next.set(foodId, quantity);
      return next;
    });

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
            <Foods menu={menu} cart={cart} onChange={change} />
            <Cart menu={menu} cart={cart} onChange={change} onClear={() => setCart(new Map())} />
          </>
        )}
      </main>
    </TextsContext.Provider>
  );
}

function Foods({
  menu,
  cart,
  onChange,
}: {
  menu: Menu;
  cart: ReadonlyMap<string, number>;
  onChange(foodId: string, by: number): void;
}) {
  const { t, money } = useTexts();
  return (
    <div className="categories">
      {menu.categories.map((category) => (
        <section key={category.name} aria-labelledby={`cat-${category.name}`} className="category">
          <h2 id={`cat-${category.name}`}>{category.name}</h2>
          <ul>
            {category.foods.map((food) => {
              const count = cart.get(food.id) ?? 0;
              return (
                <li key={food.id} className="food">
                  <div className="food-text">
                    <span className="food-name">{food.name}</span>
                    {food.description && <span className="food-description">{food.description}</span>}
                    {food.portionsLeft !== null && food.portionsLeft <= 20 && (
                      <span className="food-left">{t('menuPage.left', { count: food.portionsLeft })}</span>
                    )}
                  </div>
                  <span className="food-price">{money(food.price)}</span>
                  <div className="stepper">
                    {count > 0 && (
                      <>
                        <button
                          type="button"
                          aria-label={t('menuPage.remove', { name: food.name })}
                          onClick={() => onChange(food.id, -1)}
                        >
                          −
                        </button>
                        <span title={t('menuPage.inCart', { count })}>{count}</span>
                      </>
                    )}
                    <button
                      type="button"
                      className="primary"
                      aria-label={t('menuPage.add', { name: food.name })}
                      onClick={() => onChange(food.id, 1)}
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
  cart: ReadonlyMap<string, number>;
  onChange(foodId: string, by: number): void;
  onClear(): void;
}) {
  const { t, money, locale } = useTexts();
  const lines = useMemo(() => {
    const foods = new Map(menu.categories.flatMap((category) => category.foods).map((food) => [food.id, food]));
    return [...cart].flatMap(([foodId, quantity]): CartLine[] => {
      const food = foods.get(foodId);
      return food ? [{ foodId, name: food.name, priceCents: food.price, quantity }] : [];
    });
  }, [menu, cart]);
  const code = lines.length > 0 ? encodeCart(lines) : null;
  const drawing = useMemo(() => (code ? qrDrawing(code) : null), [code]);
  return (
    <section className="cart" aria-labelledby="cart-title">
      <h2 id="cart-title">{t('menuPage.yourOrder')}</h2>
      {lines.length === 0 ? (
        <p>{t('menuPage.empty')}</p>
      ) : (
        <>
          <ul className="cart-lines">
            {lines.map((line) => (
              <li key={line.foodId}>
                <span>
                  {line.quantity} × {line.name}
                </span>
                <span>{money(line.priceCents * line.quantity)}</span>
                <button
                  type="button"
                  aria-label={t('menuPage.remove', { name: line.name })}
                  onClick={() => onChange(line.foodId, -1)}
                >
                  −
                </button>
              </li>
            ))}
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
