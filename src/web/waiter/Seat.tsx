import { useState, type FormEvent } from 'react';
import { ApiError, type PosClient } from '../../client/index.js';
import { errorKey } from '../../i18n/translate.js';
import { useTexts } from '../shared/locale.js';
import { Keypad } from './Keypad.js';

/** What the waiter needs to know of an order being seated. */
export interface WaiterOrder {
  id: number;
  displayCode: string;
  ticketNumber: number | null;
  customer: string;
  table: string;
}

/** What an order not seated yet has for a table: the placeholder, or the till's "not given". */
const NO_TABLE = ['-', '—'];

/** The receipt's code as a scanner or a thumb gives it: spaces and case do not matter. */
export function normalCode(typed: string): string {
  return typed.replace(/\s+/g, '').toUpperCase();
}

/** Finds a paid order by the code on its receipt (the one a USB scanner types, then Enter). */
export function CodeField({
  onFound,
  lookUp,
}: {
  onFound(order: WaiterOrder): void;
  lookUp(code: string): Promise<WaiterOrder | null>;
}) {
  const { t } = useTexts();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const wanted = normalCode(code);
    if (!wanted) return;
    try {
      const order = await lookUp(wanted);
      if (!order) setProblem(t('waiter.notFound', { code: wanted }));
      else {
        setProblem(null);
        setCode('');
        onFound(order);
      }
    } catch {
      setProblem(t('waiter.offline'));
    }
  };
  return (
    <form className="code-form" onSubmit={submit}>
      <label htmlFor="waiter-code">{t('waiter.code')}</label>
      <div className="code-row">
        <input
          id="waiter-code"
          autoFocus // the page exists to take a scanned code: the scanner types into the focus
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={code}
          aria-describedby="waiter-code-hint"
          onChange={(event) => setCode(event.target.value)}
        />
        <button type="submit" className="primary">
          {t('waiter.find')}
        </button>
      </div>
      <p id="waiter-code-hint" className="hint">
        {t('waiter.codeHint')}
      </p>
      {problem && (
        <p role="alert" className="problem">
          {problem}
        </p>
      )}
    </form>
  );
}

/** The keypad for one order: its table tapped in, then seated (PATCH {table}); the kitchen tickets go out then. */
export function SeatOrder({
  client,
  order,
  onDone,
  onBack,
}: {
  client: PosClient;
  order: WaiterOrder;
  onDone(order: WaiterOrder, table: string): void;
  onBack(): void;
}) {
  const { t } = useTexts();
  const [table, setTable] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const seat = async () => {
    setBusy(true);
    try {
      await client.patchOrder(order.id, { table });
      onDone(order, table);
    } catch (error) {
      setProblem(error instanceof ApiError ? t(errorKey(error.code)) : t('waiter.offline'));
      setBusy(false);
    }
  };
  return (
    <section className="seat" aria-labelledby="seat-title">
      <h2 id="seat-title">{t('waiter.order', { ticket: order.ticketNumber ?? '', code: order.displayCode })}</h2>
      <p>{t('waiter.customer', { customer: order.customer })}</p>
      {!NO_TABLE.includes(order.table.trim()) && <p>{t('waiter.seatedAt', { table: order.table })}</p>}
      <Keypad value={table} onChange={setTable} />
      {problem && (
        <p role="alert" className="problem">
          {problem}
        </p>
      )}
      <div className="seat-actions">
        <button type="button" onClick={onBack}>
          {t('waiter.back')}
        </button>
        <button type="button" className="primary big" disabled={!table || busy} onClick={seat}>
          {t('waiter.seat', { table: table || '…' })}
        </button>
      </div>
    </section>
  );
}
