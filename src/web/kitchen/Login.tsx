import { useState, type FormEvent } from 'react';
import { ApiError, type PosClient } from '../../client/index.js';
import { useTexts } from '../shared/locale.js';
import type { KitchenSession } from './storage.js';

/** Staff log in once; the tablet keeps the token until it expires (like the till). */
export function Login({ client, notice, onLogin }: { client: PosClient; notice: string | null; onLogin(session: KitchenSession): void }) {
  const { t } = useTexts();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const answer = await client.login({ username: username.trim(), password });
      onLogin({ token: answer.accessToken, expiresAt: answer.expiresAt, username: answer.user.username });
    } catch (err) {
      if (err instanceof ApiError) setError(err.status === 429 ? t('login.tooMany') : t('login.failed'));
      else setError(t('login.offline'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="center-screen">
      <form className="card login" onSubmit={submit}>
        <h1>{t('kitchen.login')}</h1>
        {notice && <p className="notice" role="status">{notice}</p>}
        <label>
          {t('login.username')}
          <input name="username" autoComplete="username" autoCapitalize="none" value={username} onChange={(e) => setUsername(e.target.value)} required />
        </label>
        <label>
          {t('login.password')}
          <input name="password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} required />
        </label>
        {error && <p className="error" role="alert">{error}</p>}
        <button className="primary big" type="submit" disabled={busy}>
          {t('login.submit')}
        </button>
      </form>
    </main>
  );
}
