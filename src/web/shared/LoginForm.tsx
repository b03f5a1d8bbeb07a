import { useState, type FormEvent, type ReactNode } from 'react';
// ApiError from its own module: the client's index brings zod, which the page loads after its first paint.
import { ApiError } from '../../client/errors.js';
import type { PosClient } from '../../client/index.js';
import { errorKey } from '../../i18n/translate.js';
import { useTexts } from './locale.js';

export type LoginAnswer = Awaited<ReturnType<PosClient['login']>>;

/**
 * The login of the staff screens (the till, the kitchen screen): labelled fields, a clear reason when it fails
 * (wrong password, too many tries, server unreachable), big submit. What a session is stays with each app.
 */
export function LoginForm({
  client,
  title,
  notice,
  initialUsername = '',
  onLogin,
  children,
}: {
  client: PosClient;
  title: string;
  notice: string | null;
  initialUsername?: string;
  onLogin(answer: LoginAnswer): void;
  children?: ReactNode;
}) {
  const { t } = useTexts();
  const [username, setUsername] = useState(initialUsername);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      onLogin(await client.login({ username: username.trim(), password }));
    } catch (err) {
      if (err instanceof ApiError)
        setError(
          err.code === 'rate-limited'
            ? t('login.tooMany')
            : err.code === 'unauthorized'
              ? t('login.failed')
              : t(errorKey(err.code)),
        );
      else setError(t('login.offline'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="center-screen">
      <form className="card login" onSubmit={submit}>
        <h1>{title}</h1>
        {notice && (
          <p className="notice" role="status">
            {notice}
          </p>
        )}
        <label>
          {t('login.username')}
          <input
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            required
          />
        </label>
        <label>
          {t('login.password')}
          <input
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            required
          />
        </label>
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
        <button className="primary big" type="submit" disabled={busy}>
          {t('login.submit')}
        </button>
        {children}
      </form>
    </main>
  );
}
