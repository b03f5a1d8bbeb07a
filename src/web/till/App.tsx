import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { CashierEvent } from '../../api/events.js';
import { lazyClient } from '../shared/lazy-client.js';
import { counted, type Locale } from '../../i18n/translate.js';
import { type Texts, TextsContext } from '../shared/locale.js';
import { usePageLocale } from '../shared/use-page-locale.js';
import { addFood, cartTotals, EMPTY_CART, orderBody, quantityOf, serviceLines, type Cart } from './cart.js';
import { CartPanel } from './CartPanel.js';
import { SetLocaleContext } from './contexts.js';
import { Login } from './Login.js';
import { MenuPanel } from './MenuPanel.js';
import {
  ChoicesSheet,
  DoneScreen,
  DrawerCloseDialog,
  DrawerOpenDialog,
  OrdersView,
  OutboxPanel,
  PaymentDialog,
  ScanCart,
} from './second-screens.js';
import { countWaiting, newKey, paidOf, refusedEntries, type OutboxEntry } from './outbox.js';
import { RegisterPicker } from './RegisterPicker.js';
import { paidAgain } from './settle.js';
import { loadRegister, loadSession, saveRegister, saveSession, type Register, type Session } from './session.js';
import { StatusLine, type PrinterState } from './StatusLine.js';
import { readLocal, writeLocal } from './storage.js';
import { useLive } from './use-live.js';
import { type MenuFood, roleFoodsOf, useMenu } from './use-menu.js';
import { useOutbox } from './use-outbox.js';
import { useVenue } from './use-venue.js';

type View = 'order' | 'done' | 'orders' | 'outbox';

export function App() {
  const { text, chooseLocale } = usePageLocale('app.title');

  const [session, setSession] = useState<Session | null>(loadSession);
  const [expired, setExpired] = useState(false);
  const [register, setRegister] = useState<Register | null>(loadRegister);
  // The order on screen survives a 401, a reload and a restart: it is written on every change.
  const [cart, setCartState] = useState<Cart>(() => readLocal<Cart>('cart') ?? EMPTY_CART);
  const [cartGeneration, setCartGeneration] = useState(0);
  const [view, setView] = useState<View>('order');
  const [paying, setPaying] = useState<'CASH' | 'CARD' | null>(null);
  /** A food with choices being added: its sheet is open. */
  const [choosing, setChoosing] = useState<MenuFood | null>(null);
  const [last, setLast] = useState<{ key: string; change: number | null } | null>(null);
  const [printers, setPrinters] = useState<PrinterState[]>([]);
  const [ordersRefresh, setOrdersRefresh] = useState(0);
  // Read by the event handler: order events only matter while the orders list is open (it reads afresh when opened),
  // and re-rendering the whole till for each order of every other till costs each tap its share of the CPU.
  const viewNow = useRef(view);
  viewNow.current = view;
  // The drawer of this register: open or not (null: not known yet), and which of its dialogs is up.
  const [drawerOpen, setDrawerOpen] = useState<boolean | null>(null);
  const [drawerDialog, setDrawerDialog] = useState<'open' | 'close' | null>(null);
  const [drawerCheck, setDrawerCheck] = useState(0);

  const token = session?.token ?? null;
  const client = useMemo(() => lazyClient({ baseUrl: '', token: () => token, timeoutMs: 15_000 }), [token]);
  const venue = useVenue(client);

  const setCart = useCallback((next: Cart) => {
    setCartState(next);
    writeLocal('cart', next);
  }, []);

  const unauthorized = useCallback(() => {
    saveSession(null);
    setSession(null);
    setExpired(true);
  }, []);

  const { menu, fromCache, refresh, setFoodAvailable, setCategoryAvailable, setPortionsLeft } = useMenu(
    client,
    token !== null,
  );
  const outbox = useOutbox(client, session?.user.id ?? null, unauthorized);

  const loadPrinters = useCallback(() => {
    client
      .printers()
      .then((list) =>
        setPrinters(list.map(({ id, name, status, statusReason }) => ({ id, name, status, statusReason }))),
      )
      .catch(() => undefined);
  }, [client]);

  const onEvent = useCallback(
    (event: CashierEvent) => {
      switch (event.name) {
        case 'food-availability-changed':
          return setFoodAvailable(event.payload.foodId, event.payload.available);
        case 'category-availability-changed':
          return setCategoryAvailable(event.payload.categoryId, event.payload.available);
        case 'food-stock-changed':
          return setPortionsLeft(event.payload.foodId, event.payload.portionsLeft);
        case 'printer-status-changed':
          return setPrinters((list) =>
            list.map((printer) =>
              printer.id === event.payload.printerId
                ? { ...printer, status: event.payload.status, statusReason: event.payload.statusReason ?? null }
                : printer,
            ),
          );
        case 'cash-session-opened':
        case 'cash-session-closed':
          return setDrawerCheck((n) => n + 1);
        case 'resync':
          void refresh();
          return loadPrinters();
        default:
          if (viewNow.current === 'orders') setOrdersRefresh((n) => n + 1);
          return;
      }
    },
    [setFoodAvailable, setCategoryAvailable, setPortionsLeft, refresh, loadPrinters],
  );

  // The register's categories as the admin set them now (a bar till: the drinks), read again on every (re)connection.
  const registerId = register?.id ?? null;
  const loadRegisterMenu = useCallback(() => {
    if (registerId === null) return;
    client
      .cashRegisters()
      .then((list) => {
        const found = list.find((row) => row.id === registerId);
        if (!found) return;
        setRegister((current) => {
          if (current?.id !== found.id) return current;
          const next = { ...current, name: found.name, categoryIds: found.categoryIds };
          saveRegister(next);
          return next;
        });
      })
      .catch(() => undefined);
  }, [client, registerId]);

  const connection = useLive(client, token, {
    onEvent,
    onConnected() {
      // Back after a drop: what changed meanwhile, and whatever waits in the outbox goes now.
      void refresh();
      loadPrinters();
      loadRegisterMenu();
      outbox.kick();
    },
    onUnauthorized: unauthorized,
  });

  // At the first login of the evening on a register with no open drawer, the till asks for the float: a line above
  // the order, not a dialog in the way of the first sale. "Not now" is remembered for the register and the evening.
  const evening = `${registerId}|${businessDay()}`;
  const [drawerSkipped, setDrawerSkipped] = useState(() => readLocal<string>('drawerSkipped'));
  useEffect(() => {
    if (token === null || registerId === null) return;
    let live = true;
    client
      .cashSessions(registerId)
      .then((sessions) => {
        if (!live) return;
        setDrawerOpen(sessions.some((drawer) => drawer.status === 'open'));
      })
      .catch(() => undefined); // offline: the drawer waits, selling does not
    return () => {
      live = false;
    };
  }, [client, token, registerId, drawerCheck]);

  if (!session) {
    return (
      <Providers text={text} setLocale={chooseLocale}>
        <Login
          client={client}
          expired={expired}
          lastUsername={readLocal<string>('lastUser') ?? ''}
          onLogin={(next) => {
            writeLocal('lastUser', next.user.username);
            saveSession(next);
            setSession(next);
            setExpired(false);
          }}
        />
      </Providers>
    );
  }
  if (!register) {
    return (
      <Providers text={text} setLocale={chooseLocale}>
        <RegisterPicker
          client={client}
          onUnauthorized={unauthorized}
          onPick={(picked) => {
            saveRegister(picked);
            setRegister(picked);
          }}
        />
      </Providers>
    );
  }

  const roles = roleFoodsOf(menu);
  const totals = cartTotals(cart, roles);
  const pay = async (method: 'CASH' | 'CARD', received: number | null) => {
    // The key is made here, once per payment: however often the order is sent, it is one order.
    const key = newKey();
    // A changed refused order: the cash already handed over counts (see settle.ts), the change is what goes back now.
    const credit = cart.paid?.method === 'CASH' ? cart.paid.totalCents : 0;
    const { paid: _before, ...order } = cart;
    await outbox.enqueue({
      key,
      createdAt: new Date().toISOString(),
      userId: session.user.id,
      username: session.user.username,
      body: orderBody(
        cart,
        { method, userId: session.user.id, cashRegisterId: register.id, receivedCents: received },
        roles,
      ),
      amounts: 'cents',
      names: Object.fromEntries([...cart.lines, ...serviceLines(cart, roles)].map((line) => [line.foodId, line.name])),
      totalCents: totals.totalCents,
      cart: order,
      paid: paidAgain(cart.paid, method, totals.totalCents, received),
    });
    setLast({ key, change: received === null ? null : received - (totals.totalCents - credit) });
    setPaying(null);
    setCart({ ...EMPTY_CART, table: '', customer: '' });
    setCartGeneration((n) => n + 1);
    setView('done');
  };

  // A refused order back on screen (another till sold the last portions): the cashier takes off what ran out.
  // What the customer paid comes with it: the till then says what to give back or collect (or refund on the card).
  const edit = (entry: OutboxEntry) => {
    if (entry.cart) setCart({ ...entry.cart, paid: paidOf(entry) });
    setCartGeneration((n) => n + 1);
    void outbox.discard(entry.key);
    setView('order');
  };
  // What the order may still hold of a food: a food switched off (or its category) counts as none left, so a line
  // of it is named and payment held back, in the same words as a count run out.
  const leftOf = (foodId: string) => {
    const food = menu?.foods.find((candidate) => candidate.id === foodId);
    if (!food) return null;
    const categoryOn = menu?.categories.find((category) => category.id === food.categoryId)?.available ?? true;
    return food.available && categoryOn ? food.portionsLeft : 0;
  };
  // A set menu's course can be chosen while its food is on the menu and the order does not hold all that is left.
  const orderable = (foodId: string) => {
    if (!menu?.foods.some((food) => food.id === foodId)) return false;
    const left = leftOf(foodId);
    return left === null || quantityOf(cart, foodId) < left;
  };

  const entries = outbox.outbox?.entries ?? [];
  const refused = outbox.outbox ? refusedEntries(outbox.outbox) : [];
  return (
    <Providers text={text} setLocale={chooseLocale}>
      <div className="till">
        <StatusLine
          connection={connection}
          waiting={outbox.outbox ? countWaiting(outbox.outbox) : null}
          printers={printers}
          username={session.user.username}
          register={register.name}
          onOutbox={() => setView('outbox')}
          onOrders={() => setView('orders')}
          onDrawer={() => setDrawerDialog(drawerOpen ? 'close' : 'open')}
          onChangeRegister={() => {
            saveRegister(null);
            setRegister(null);
          }}
          onLogout={() => {
            // The server forgets the token too; offline, the till logs out all the same (the token expires).
            client.logout().catch(() => undefined);
            saveSession(null);
            setSession(null);
          }}
        />
        {fromCache && <p className="notice">{text.t('menu.cached')}</p>}
        {drawerOpen === false && drawerSkipped !== evening && view === 'order' && (
          <div className="banner-row drawer-ask" role="region" aria-label={text.t('drawer.askLabel')}>
            <span>{text.t('drawer.ask', { register: register.name })}</span>
            <button className="chip" onClick={() => setDrawerDialog('open')}>
              {text.t('drawer.open')}
            </button>
            <button
              className="chip"
              onClick={() => {
                writeLocal('drawerSkipped', evening);
                setDrawerSkipped(evening);
              }}
            >
              {text.t('drawer.skip')}
            </button>
          </div>
        )}
        {refused.length > 0 && view !== 'outbox' && (
          <div role="alert" className="banner-row">
            <button className="banner-alert" onClick={() => setView('outbox')}>
              {text.t(counted('outbox.refusedBanner', refused.length), { count: refused.length })}
            </button>
          </div>
        )}
        {view === 'order' && (
          <ScanCart key={`scan-${cartGeneration}`} cart={cart} foods={menu?.foods ?? []} onLoad={setCart} />
        )}
        {view === 'order' && (
          <main className="order-screen">
            <MenuPanel
              menu={menu}
              categoryIds={register.categoryIds ?? null}
              inOrder={(foodId) => quantityOf(cart, foodId)}
              onAdd={(food) => (food.choices?.length ? setChoosing(food) : setCart(addFood(cart, food)))}
            />
            {choosing && (
              <ChoicesSheet
                food={{ ...choosing, choices: choosing.choices ?? [] }}
                orderable={orderable}
                onBack={() => setChoosing(null)}
                onAdd={(choices) => {
                  setCart(addFood(cart, choosing, choices));
                  setChoosing(null);
                }}
              />
            )}
            <CartPanel
              key={cartGeneration}
              cart={cart}
              askTable={venue.tables}
              roles={roles}
              leftOf={leftOf}
              onChange={setCart}
              onPay={setPaying}
              onClear={() => {
                setCart(EMPTY_CART);
                setCartGeneration((n) => n + 1); // the amount fields keep their own text: a new panel forgets it
              }}
            />
          </main>
        )}
        {view === 'done' && (
          <DoneScreen
            entry={entries.find((entry) => entry.key === last?.key) ?? null}
            changeGiven={last?.change ?? null}
            onRetry={(key) => void outbox.retry(key)}
            onEdit={edit}
            onNew={() => setView('order')}
          />
        )}
        {view === 'outbox' && outbox.outbox && (
          <OutboxPanel
            outbox={outbox.outbox}
            userId={session.user.id}
            onRetry={(key) => void outbox.retry(key)}
            onDiscard={(key) => void outbox.discard(key)}
            {...(cart.lines.length === 0 ? { onEdit: edit } : {})}
            onClose={() => setView('order')}
          />
        )}
        {view === 'orders' && (
          <OrdersView
            client={client}
            registerId={register.id}
            userId={session.user.id}
            refreshKey={ordersRefresh}
            onUnauthorized={unauthorized}
            onClose={() => setView('order')}
          />
        )}
        {drawerDialog === 'open' && (
          <DrawerOpenDialog
            client={client}
            registerId={register.id}
            onOpened={() => {
              setDrawerDialog(null);
              setDrawerCheck((n) => n + 1);
            }}
            onSkip={() => setDrawerDialog(null)}
            onUnauthorized={unauthorized}
          />
        )}
        {drawerDialog === 'close' && (
          <DrawerCloseDialog
            client={client}
            registerId={register.id}
            onBack={() => setDrawerDialog(null)}
            onClosed={() => {
              setDrawerDialog(null);
              setDrawerCheck((n) => n + 1);
            }}
            onUnauthorized={unauthorized}
          />
        )}
        {paying && (
          <PaymentDialog
            method={paying}
            totalCents={totals.totalCents}
            paid={cart.paid}
            onBack={() => setPaying(null)}
            onConfirm={(received) => void pay(paying, received)}
          />
        )}
      </div>
    </Providers>
  );
}

function Providers({
  text,
  setLocale,
  children,
}: {
  text: Texts;
  setLocale(locale: Locale): void;
  children: React.ReactNode;
}) {
  return (
    <TextsContext.Provider value={text}>
      <SetLocaleContext.Provider value={setLocale}>{children}</SetLocaleContext.Provider>
    </TextsContext.Provider>
  );
}

/** The evening a tablet is in: the date of 7 hours ago, so a shift that runs past midnight is still the same one. */
function businessDay(): string {
  return new Date(Date.now() - 7 * 3_600_000).toLocaleDateString('en-CA');
}
