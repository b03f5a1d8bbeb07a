import { useState } from 'react';
import { useTexts } from '../shared/locale.js';
import { ConfirmDialog } from './second-screens.js';

/**
 * "Log out" asks first: on a phone it sits beside the language buttons, and a slip would make the cashier type the
 * password again in front of the queue. The order on screen stays either way.
 */
export function LogoutButton({ username, onLogout }: { username: string; onLogout(): void }) {
  const { t } = useTexts();
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button className="chip" onClick={() => setAsking(true)}>
        {t('status.logout')}
      </button>
      {asking && (
        <ConfirmDialog
          label={t('status.logout')}
          question={t('logout.confirm', { user: username })}
          keep={t('logout.stay')}
          confirm={t('logout.yes')}
          onKeep={() => setAsking(false)}
          onConfirm={() => {
            setAsking(false);
            onLogout();
          }}
        />
      )}
    </>
  );
}
