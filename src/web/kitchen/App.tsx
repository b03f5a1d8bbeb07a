import { useCallback, useEffect, useMemo, useState } from 'react';
import { PosClient } from '../../client/index.js';
import { createChime } from '../shared/chime.js';
import { LOCALES } from '../../i18n/translate.js';
import { TextsContext } from '../shared/locale.js';
import { usePageLocale } from '../shared/use-page-locale.js';
import { Board } from './Board.js';
import { Login } from './Login.js';
import { StationPicker } from './StationPicker.js';
import {
  loadKeyed,
  loadSession,
  loadStation,
  saveKeyed,
  saveSession,
  saveStation,
  type KitchenSession,
  type Station,
} from './storage.js';
import type { Problem } from './use-station.js';

// The kitchen screen at /kitchen: staff log in and choose their station once (the tablet remembers both), or the
// address `pos kitchen-url` prints (`?station=<printerId>&key=<kitchen key>`) opens the station straight away.

const chime = createChime();

function keyedFromAddress(): { station: string; key: string } | null {
  const params = new URLSearchParams(location.search);
  const station = params.get('station');
  const key = params.get('key');
  if (station && key) {
    saveKeyed({ station, key });
    return { station, key };
  }
  return loadKeyed();
}

export function App() {
  const { locale, text, chooseLocale } = usePageLocale('kitchen.title');

  const [keyed, setKeyed] = useState(keyedFromAddress);
  const [session, setSession] = useState<KitchenSession | null>(loadSession);
  const [station, setStation] = useState<Station | null>(() => (keyed ? null : loadStation()));
  const [keyedName, setKeyedName] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const token = keyed?.key ?? session?.token ?? null;
  const client = useMemo(() => new PosClient({ baseUrl: '', token: () => token, timeoutMs: 15_000 }), [token]);

  // A kitchen key may read the printers: the station's name for the top of the screen.
  useEffect(() => {
    if (!keyed) return;
    client
      .printers()
      .then((list) => setKeyedName(list.find((printer) => printer.id === keyed.station)?.name ?? null))
      .catch(() => undefined);
  }, [client, keyed]);

  const onProblem = useCallback(
    (problem: Exclude<Problem, null>) => {
      if (keyed) {
        // The address's key or station is wrong: staff can still log in and choose.
        saveKeyed(null);
        setKeyed(null);
        setNotice(text.t(problem === 'gone' ? 'kitchen.stationGone' : 'kitchen.keyRefused'));
      } else if (problem === 'gone') {
        saveStation(null);
        setStation(null);
        setNotice(text.t('kitchen.stationGone'));
      } else {
        saveSession(null);
        setSession(null);
      }
    },
    [keyed, text],
  );
  const unauthorized = useCallback(() => onProblem('unauthorized'), [onProblem]);

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
  if (keyed) {
    screen = (
      <Board
        key={keyed.station}
        client={client}
        station={{ id: keyed.station, name: keyedName ?? text.t('kitchen.title') }}
        chime={chime}
        menu={languages}
        onProblem={onProblem}
      />
    );
  } else if (!session) {
    screen = (
      <Login
        client={client}
        notice={notice}
        onLogin={(next) => {
          saveSession(next);
          setSession(next);
        }}
      />
    );
  } else if (!station) {
    screen = (
      <StationPicker
        client={client}
        notice={notice}
        onUnauthorized={unauthorized}
        onPick={(picked) => {
          saveStation(picked);
          setStation(picked);
          setNotice(null);
        }}
      />
    );
  } else {
    const menu = (
      <>
        {languages}
        <button
          className="chip"
          onClick={() => {
            saveStation(null);
            setStation(null);
          }}
        >
          {text.t('kitchen.changeStation')}
        </button>
        <button
          className="chip"
          onClick={() => {
            // The server forgets the token too (a shared kitchen tablet); offline, the token just expires.
            client.logout().catch(() => undefined);
            saveSession(null);
            setSession(null);
          }}
        >
          {text.t('kitchen.logout')}
        </button>
      </>
    );
    screen = (
      <Board key={station.id} client={client} station={station} chime={chime} menu={menu} onProblem={onProblem} />
    );
  }
  return <TextsContext.Provider value={text}>{screen}</TextsContext.Provider>;
}
