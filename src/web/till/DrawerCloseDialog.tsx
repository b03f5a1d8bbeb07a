import { useEffect, useState } from 'react';
import type { ClosedCashSession } from '../../api/cash-sessions.js';
import { ApiError } from '../../client/errors.js';
import type { PosClient } from '../../client/index.js';
import { errorKey } from '../../i18n/translate.js';
import { Dialog } from '../shared/Dialog.js';
import { useTexts } from '../shared/locale.js';
import { AmountField } from './AmountField.js';
import { addPiece, countedCents, DRAWER_KEYS, type DrawerCount, denominationsOf, EMPTY_COUNT } from './drawer.js';
import { newKey } from './outbox.js';

type Closed = Pick<ClosedCashSession, 'expectedCash' | 'counted' | 'difference'>;

/**
 * The end of a shift: the drawer counted note by note and coin by coin on big keys, the expected cash beside the
 * count as it grows, the difference in words; the close prints the handover slip on the register's printer.
 */
export function DrawerCloseDialog({
  client,
  registerId,
  onBack,
  onClosed,
  onUnauthorized,
}: {
  client: PosClient;
  registerId: string;
  onBack(): void;
  onClosed(): void;
  onUnauthorized(): void;
}) {
  const { t, money } = useTexts();
  const [expected, setExpected] = useState<number | null | 'none'>(null);
  const [count, setCount] = useState<DrawerCount>(EMPTY_COUNT);
  const [cardTotal, setCardTotal] = useState<number | null>(null);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [closed, setClosed] = useState<Closed | null>(null);
  const [key] = useState(newKey);

  useEffect(() => {
    let live = true;
    client
      .cashSessions(registerId)
      .then((sessions) => {
        const open = sessions.find((session) => session.status === 'open');
        if (live) setExpected(open ? open.expectedCash : 'none');
      })
      .catch((error) => {
        if (error instanceof ApiError && error.unauthorized) return onUnauthorized();
        if (live) setProblem(error instanceof ApiError ? t(errorKey(error.code)) : t('login.offline'));
      });
    return () => {
      live = false;
    };
  }, [client, registerId, onUnauthorized, t]);

  const counted = countedCents(count);
  const close = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const result = await client.closeCashSession(
        registerId,
        {
          denominations: denominationsOf(count),
          ...(cardTotal !== null ? { cardTerminalTotal: cardTotal } : {}),
          ...(note.trim() ? { note: note.trim() } : {}),
        },
        key,
      );
      setClosed(result);
    } catch (error) {
      if (error instanceof ApiError && error.unauthorized) return onUnauthorized();
      setProblem(error instanceof ApiError ? t(errorKey(error.code)) : t('login.offline'));
      setBusy(false);
    }
  };

  if (closed) {
    return (
      <Dialog label={t('drawer.closeTitle')} className="drawer" onClose={onClosed}>
        <p role="status">{t('drawer.closed')}</p>
        <Figures expected={closed.expectedCash} counted={closed.counted ?? 0} />
        <div className="dialog-actions">
          <button className="big primary" onClick={onClosed}>
            {t('drawer.done')}
          </button>
        </div>
      </Dialog>
    );
  }
  return (
    <Dialog label={t('drawer.closeTitle')} className="drawer" onClose={onBack}>
      {expected === null && !problem && <p>{t('drawer.loading')}</p>}
      {expected === 'none' && <p role="alert">{t('drawer.none')}</p>}
      {typeof expected === 'number' && (
        <>
          <p>{t('drawer.closePrompt')}</p>
          <div className="drawer-keys" role="group" aria-label={t('drawer.title')}>
            {DRAWER_KEYS.map((value) => (
              <div key={value} className="drawer-key">
                <button
                  className="big"
                  aria-label={t('drawer.add', { amount: money(value) })}
                  onClick={() => setCount((now) => addPiece(now, value, 1))}
                >
                  {money(value)}
                </button>
                <span className="pieces">× {count.pieces[value] ?? 0}</span>
                <button
                  className="minus"
                  aria-label={t('drawer.remove', { amount: money(value) })}
                  disabled={(count.pieces[value] ?? 0) === 0}
                  onClick={() => setCount((now) => addPiece(now, value, -1))}
                >
                  −
                </button>
              </div>
            ))}
          </div>
          <AmountField
            label={t('drawer.smallCoins')}
            cents={null}
            onCents={(cents) => setCount((now) => ({ ...now, smallCoinsCents: cents ?? 0 }))}
          />
          <AmountField label={t('drawer.cardTotal')} cents={null} onCents={setCardTotal} />
          <label className="note">
            {t('drawer.note')}
            <input value={note} maxLength={500} onChange={(event) => setNote(event.target.value)} />
          </label>
          <Figures expected={expected} counted={counted} />
        </>
      )}
      {problem && <p role="alert">{problem}</p>}
      <div className="dialog-actions">
        <button className="big" onClick={onBack}>
          {t('pay.back')}
        </button>
        <button className="big primary" disabled={busy || typeof expected !== 'number'} onClick={() => void close()}>
          {t('drawer.close')}
        </button>
      </div>
    </Dialog>
  );
}

/** Expected against counted, and the difference in words: short, over, or right. */
function Figures({ expected, counted }: { expected: number; counted: number }) {
  const { t, money } = useTexts();
  const difference = counted - expected;
  const words =
    difference === 0
      ? t('drawer.even')
      : t(difference < 0 ? 'drawer.short' : 'drawer.over', { amount: money(Math.abs(difference)) });
  return (
    <div className="drawer-figures">
      <p className="expected">
        {t('drawer.expected')} <strong>{money(expected)}</strong>
      </p>
      <p className="counted">
        {t('drawer.counted')} <strong>{money(counted)}</strong>
      </p>
      <p
        className={difference < 0 ? 'difference short' : 'difference'}
        role="status"
        aria-label={t('drawer.difference')}
      >
        {words}
      </p>
    </div>
  );
}
