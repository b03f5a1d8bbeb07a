import type { PosClient } from '../../client/index.js';
import { LoginForm } from '../shared/LoginForm.js';
import { useTexts } from '../shared/locale.js';
import { LanguageSwitch } from './LanguageSwitch.js';
import type { Session } from './session.js';

export function Login({
  client,
  expired,
  lastUsername,
  onLogin,
}: {
  client: PosClient;
  expired: boolean;
  lastUsername: string;
  onLogin(session: Session): void;
}) {
  const { t } = useTexts();
  return (
    <LoginForm
      client={client}
      title={t('login.title')}
      notice={expired ? t('login.expired') : null}
      // After a session ended, the same cashier usually logs in again: only the password to type.
      initialUsername={expired ? lastUsername : ''}
      onLogin={(answer) => onLogin({ token: answer.accessToken, expiresAt: answer.expiresAt, user: answer.user })}
    >
      <LanguageSwitch />
    </LoginForm>
  );
}
