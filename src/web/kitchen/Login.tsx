import type { PosClient } from '../../client/index.js';
import { LoginForm } from '../shared/LoginForm.js';
import { useTexts } from '../shared/locale.js';
import type { KitchenSession } from './storage.js';

/** Staff log in once; the tablet keeps the token until it expires (like the till). */
export function Login({
  client,
  notice,
  onLogin,
}: {
  client: PosClient;
  notice: string | null;
  onLogin(session: KitchenSession): void;
}) {
  const { t } = useTexts();
  return (
    <LoginForm
      client={client}
      title={t('kitchen.login')}
      notice={notice}
      onLogin={(answer) =>
        onLogin({ token: answer.accessToken, expiresAt: answer.expiresAt, username: answer.user.username })
      }
    />
  );
}
