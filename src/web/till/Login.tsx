import { useState, type FormEvent } from 'react';
import { ApiError, type PosClient } from '../../client/index.js';
import { useTexts } from '../shared/locale.js';
import { LanguageSwitch } from './LanguageSwitch.js';
import type { Session } from './session.js';

export function Login({ client, expired, lastUsername, onLogin }: { client: PosClient; expired: boolean; lastUsername: string; onLogin(session: Session): void }) {
  const { t } = useTexts();
  // After a session ended, the same cashier usually logs in again: only the password to type.
  const [username, setUsername] = useState(expired ? lastUsername : '');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const answer = await client.login({ username: username.trim(), password });
      onLogin({ token: answer.accessToken, expiresAt: answer.expiresAt, user: answer.user });
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
        <h1>{t('login.title')}</h1>
        {expired && <p className="notice" role="status">{t('login.expired')}</p>}
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
        <LanguageSwitch />
      </form>
    </main>
  );
}
