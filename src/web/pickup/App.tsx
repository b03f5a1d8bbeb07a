import { useCallback, useMemo, useState } from 'react';
import { PosClient } from '../../client/index.js';
import { LOCALES } from '../../i18n/translate.js';
import { LoginForm } from '../shared/LoginForm.js';
import { type Texts, TextsContext } from '../shared/locale.js';
import { usePageLocale } from '../shared/use-page-locale.js';
import { Counter } from './Counter.js';
import { loadKey, loadSession, type PickupSession, saveKey, saveSession } from './storage.js';
import { useCounter } from './use-counter.js';

// The pickup counter at /pickup: opened with the address `pos pickup-url` prints (`?key=<pickup key>`, kept by the
// tablet), or by staff who log in. The language is the venue's unless the device chose another.

function keyFromAddress(): string | null {
  const key = new URLSearchParams(location.search).get('key');
  if (key) {
    saveKey(key);
    return key;
  }
  return loadKey();
}

export function App() {
  const { locale, text, chooseLocale } = usePageLocale('pickup.title');
  const [key, setKey] = useState(keyFromAddress);
  const [session, setSession] = useState<PickupSession | null>(loadSession);
  const [notice, setNotice] = useState<string | null>(null);
  const token = key ?? session?.token ?? null;
  const client = useMemo(() => new PosClient({ baseUrl: '', token: () => token, timeoutMs: 15_000 }), [token]);

  const refused = useCallback(() => {
    if (key) {
      saveKey(null);
      setKey(null);
      setNotice(text.t('pickup.keyRefused'));
    } else {
      saveSession(null);
      setSession(null);
    }
  }, [key, text]);

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
  if (token) {
    const menu = (
      <>
        {languages}
        {!key && (
          <button
            type="button"
            className="chip"
            onClick={() => {
              saveSession(null);
              setSession(null);
            }}
          >
            {text.t('pickup.logout')}
          </button>
        )}
      </>
    );
    screen = <Live key={token} client={client} text={text} onRefused={refused} menu={menu} />;
  } else {
    screen = (
      <LoginForm
        client={client}
        title={text.t('pickup.login')}
        notice={notice}
        onLogin={(answer) => {
          const next = { token: answer.accessToken, expiresAt: answer.expiresAt, username: answer.user.username };
          saveSession(next);
          setSession(next);
          setNotice(null);
        }}
      >
        {languages}
      </LoginForm>
    );
  }
  return <TextsContext.Provider value={text}>{screen}</TextsContext.Provider>;
}

function Live({
  client,
  text,
  onRefused,
  menu,
}: {
  client: PosClient;
  text: Texts;
  onRefused(): void;
  menu: React.ReactNode;
}) {
  const counter = useCounter(client, text, onRefused);
  return (
    <Counter
      ready={counter.ready}
      loaded={counter.loaded}
      connection={counter.connection}
      message={counter.message}
      undos={counter.undos}
      onHandOut={(order) => void counter.handOut(order)}
      onUndo={(order) => void counter.undo(order)}
      onScan={(typed) => void counter.scan(typed)}
      menu={menu}
    />
  );
}
