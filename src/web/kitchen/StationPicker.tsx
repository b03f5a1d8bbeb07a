import { useEffect, useState } from 'react';
import { ApiError, type PosClient } from '../../client/index.js';
import { useTexts } from '../shared/locale.js';
import type { Station } from './storage.js';

/** A station is a printer that gets kitchen tickets: chosen once, the tablet remembers it. */
export function StationPicker({ client, notice, onPick, onUnauthorized }: { client: PosClient; notice: string | null; onPick(station: Station): void; onUnauthorized(): void }) {
  const { t } = useTexts();
  const [stations, setStations] = useState<Station[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    client
      .printers()
      .then((list) => setStations(list.map(({ id, name }) => ({ id, name }))))
      .catch((err: unknown) => {
        if (err instanceof ApiError && err.unauthorized) onUnauthorized();
        else setError(t('login.offline'));
      });
  }, [client, onUnauthorized, t]);

  return (
    <main className="center-screen">
      <section className="card" aria-labelledby="pick-station">
        <h1 id="pick-station">{t('kitchen.pickStation')}</h1>
        {notice && <p className="notice" role="status">{notice}</p>}
        {error && <p className="error" role="alert">{error}</p>}
        {stations?.length === 0 && <p>{t('kitchen.noStations')}</p>}
        <div className="station-list">
          {stations?.map((station) => (
            <button key={station.id} className="big" onClick={() => onPick(station)}>
              {station.name}
            </button>
          ))}
        </div>
      </section>
    </main>
  );
}
