import { useState } from 'react';
import { ApiError } from '../../client/errors.js';
import type { PosClient } from '../../client/index.js';
import { errorKey } from '../../i18n/translate.js';
import { Dialog } from '../shared/Dialog.js';
import { useTexts } from '../shared/locale.js';
import { AmountField } from './AmountField.js';
import { newKey } from './outbox.js';

const QUICK_FLOATS = [0, 5000, 10000, 15000, 20000];

/**
 * The first login of the evening on a register with no open drawer: how much change goes in (the float). Skippable:
 * a till that sells without a session still sells, and the drawer can be opened later from the status line.
 */
export function DrawerOpenDialog({
  client,
  registerId,
  onOpened,
  onSkip,
  onUnauthorized,
}: {
  client: PosClient;
  registerId: string;
  onOpened(): void;
  onSkip(): void;
  onUnauthorized(): void;
}) {
  const { t, money } = useTexts();
  const [float, setFloat] = useState<number | null>(10000);
  const [generation, setGeneration] = useState(0);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // One key per dialog: a tap that times out and is tapped again opens one session.
  const [key] = useState(newKey);
  const open = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await client.openCashSession(registerId, { float: float ?? 0 }, key);
      onOpened();
    } catch (error) {
      if (error instanceof ApiError && error.unauthorized) return onUnauthorized();
      // Another tablet of this register opened it meanwhile: the drawer is open, as wanted.
      if (error instanceof ApiError && error.code === 'session-open') return onOpened();
      setProblem(error instanceof ApiError ? t(errorKey(error.code)) : t('login.offline'));
      setBusy(false);
    }
  };
  return (
    <Dialog label={t('drawer.openTitle')} className="drawer" onClose={onSkip}>
      <p>{t('drawer.openPrompt')}</p>
      <div className="quick">
        {QUICK_FLOATS.map((amount) => (
          <button
            key={amount}
            className="big"
            aria-pressed={float === amount}
            onClick={() => {
              setFloat(amount);
              setGeneration((n) => n + 1); // the typed field starts again from the tapped amount
            }}
          >
            {money(amount)}
          </button>
        ))}
      </div>
      <AmountField key={generation} label={t('drawer.float')} cents={float} onCents={setFloat} />
      {problem && <p role="alert">{problem}</p>}
      <div className="dialog-actions">
        <button className="big" onClick={onSkip}>
          {t('drawer.skip')}
        </button>
        <button className="big primary" disabled={busy} onClick={() => void open()}>
          {t('drawer.open')} {money(float ?? 0)}
        </button>
      </div>
    </Dialog>
  );
}
