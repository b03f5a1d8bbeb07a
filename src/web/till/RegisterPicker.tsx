import { useEffect, useState } from 'react';
import { ApiError, type PosClient } from '../../client/index.js';
import { useTexts } from '../shared/locale.js';
import type { Register } from './session.js';

export function RegisterPicker({ client, onPick, onUnauthorized }: { client: PosClient; onPick(register: Register): void; onUnauthorized(): void }) {
  const { t } = useTexts();
  const [registers, setRegisters] = useState<Register[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    client
      .cashRegisters({ enabled: true })
      .then((list) => setRegisters(list.map(({ id, name }) => ({ id, name }))))
      .catch((err: unknown) => {
        if (err instanceof ApiError && err.unauthorized) onUnauthorized();
        else setError(t('login.offline'));
      });
  }, [client, onUnauthorized, t]);

  return (
    <main className="center-screen">
      <section className="card">
        <h1>{t('register.title')}</h1>
        {error && <p className="error" role="alert">{error}</p>}
        {registers?.length === 0 && <p>{t('register.none')}</p>}
        <div className="register-list">
          {registers?.map((register) => (
            <button key={register.id} className="big" onClick={() => onPick(register)}>
              {register.name}
            </button>
          ))}
        </div>
      </section>
    </main>
  );
}
