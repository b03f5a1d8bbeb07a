import { useCallback, useEffect, useMemo, useState } from 'react';
import { ApiError, PosClient } from '../../client/index.js';
import { LOCALES } from '../../i18n/translate.js';
import { LoginForm } from '../shared/LoginForm.js';
import { TextsContext } from '../shared/locale.js';
import { usePageLocale } from '../shared/use-page-locale.js';
import { CodeField, SeatOrder, type WaiterOrder } from './Seat.js';
import { WaitingList, type WaitingOrder } from './WaitingList.js';

// The waiter's phone at /waiter (docs/waiter.md): staff log in once; a paid order's code (scanned from its receipt
// or typed) or a tap on the list of orders waiting for a table opens the keypad; the table tapped in seats the
// order, and only then do its kitchen tickets go out.

interface Session {
  token: string;
  expiresAt: string;
}

const SESSION_KEY = 'pos.waiter.session';
/** The list follows the tills by asking again now and then: a phone on a fair's Wi-Fi, no stream to keep open. */
const REFRESH_MS = 5_000;

function loadSession(): Session | null {
  try {
    const session = JSON.parse(localStorage.getItem(SESSION_KEY) ?? 'null') as Session | null;
    return session && Date.parse(session.expiresAt) > Date.now() ? session : null;
  } catch {
    return null;
  }
}

function saveSession(session: Session | null): void {
  try {
    if (session) localStorage.setItem(SESSION_KEY, JSON.stringify(session));
    else localStorage.removeItem(SESSION_KEY);
  } catch {
    // a full or disabled storage: the login lasts for this page
  }
}

function asWaiting(order: {
  id: number;
  displayCode: string;
  ticketNumber: number | null;
  customer: string;
  table: string;
  confirmedAt: string | null;
}): WaitingOrder {
  const { id, displayCode, ticketNumber, customer, table, confirmedAt } = order;
  return { id, displayCode, ticketNumber, customer, table, confirmedAt };
}

export function App() {
  const { locale, text, chooseLocale } = usePageLocale('waiter.title');
  const [session, setSession] = useState<Session | null>(loadSession);
  const [current, setCurrent] = useState<WaiterOrder | null>(null);
  const [waiting, setWaiting] = useState<WaitingOrder[]>([]);
  const [done, setDone] = useState<string | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const token = session?.token ?? null;
  const client = useMemo(() => new PosClient({ baseUrl: '', token: () => token, timeoutMs: 15_000 }), [token]);

  const logout = useCallback(() => {
    saveSession(null);
    setSession(null);
  }, []);

  const refresh = useCallback(async () => {
    if (!token) return;
    try {
      const page = await client.orders({ awaitingTable: 'true', sortBy: 'confirmedAt', order: 'asc', limit: 100 });
      setWaiting(page.orders.map(asWaiting));
      setNow(Date.now());
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) logout();
    }
  }, [client, token, logout]);

  useEffect(() => {
    void refresh();
    const timer = setInterval(() => void refresh(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [refresh]);

  const lookUp = async (code: string): Promise<WaiterOrder | null> => {
    const page = await client.orders({ displayCode: code, status: ['CONFIRMED', 'COMPLETED', 'PICKED_UP'] });
    const [found] = page.orders;
    return found ? asWaiting(found) : null;
  };

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

  let screen: React.ReactNode;
  if (!session) {
    screen = (
      <LoginForm
        client={client}
        title={text.t('waiter.login')}
        notice={null}
        onLogin={(answer) => {
          const next = { token: answer.accessToken, expiresAt: answer.expiresAt };
          saveSession(next);
          setSession(next);
        }}
      />
    );
  } else if (current) {
    screen = (
      <SeatOrder
        client={client}
        order={current}
        onBack={() => setCurrent(null)}
        onDone={(order, table) => {
          setDone(text.t('waiter.done', { code: order.displayCode, table }));
          setCurrent(null);
          void refresh();
        }}
      />
    );
  } else {
    screen = (
      <>
        {done && (
          <p role="status" className="done">
            {done}
          </p>
        )}
        <CodeField
          lookUp={lookUp}
          onFound={(order) => {
            setDone(null);
            setCurrent(order);
          }}
        />
        <WaitingList
          orders={waiting}
          now={now}
          onPick={(order) => {
            setDone(null);
            setCurrent(order);
          }}
        />
      </>
    );
  }
  return (
    <TextsContext.Provider value={text}>
      <header className="waiter-top">
        <h1>{text.t('waiter.title')}</h1>
        {languages}
        {session && (
          <button
            type="button"
            className="chip"
            onClick={() => {
              // The server forgets the token too (a waiter's own phone); offline, the token just expires.
              client.logout().catch(() => undefined);
              logout();
            }}
          >
            {text.t('waiter.logout')}
          </button>
        )}
      </header>
      <main className="waiter">{screen}</main>
    </TextsContext.Provider>
  );
}
