import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import type { PickupOrder } from '../../api/pickup.js';
import { useTexts } from '../shared/locale.js';
import type { Connection, Message, Undoable } from './use-counter.js';

// The pickup counter's screen: the field a USB scanner types into (it keeps the focus), what the last scan or tap
// did, the ready orders oldest first as big tiles (a tap hands one out), and an undo for each hand-out of the last
// ten seconds. Presentational: use-counter.ts holds the state and talks to the server.

export interface CounterProps {
  ready: PickupOrder[];
  loaded: boolean;
  connection: Connection;
  message: Message | null;
  undos: Undoable[];
  onHandOut(order: PickupOrder): void;
  onUndo(order: PickupOrder): void;
  onScan(text: string): void;
  /** The language and account controls, at the end of the top bar. */
  menu?: ReactNode;
}

const CONNECTION_KEY = {
  connecting: 'display.connecting',
  live: 'screen.live',
  offline: 'screen.reconnecting',
} as const;

/** Keys that type something: a scanner's characters, a person's letters. */
const typing = (event: KeyboardEvent) => event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey;

export function Counter(props: CounterProps) {
  const { t } = useTexts();
  const field = useRef<HTMLInputElement>(null);
  const [typed, setTyped] = useState('');
  const lastPointer = useRef<string>('mouse');

  // The scanner types wherever the focus is: the field takes it back after a tap with a mouse or a key, and a key
  // typed elsewhere lands in the field. After a finger's tap it stays away, so a phone's keyboard does not pop up.
  useEffect(() => {
    const pointer = (event: PointerEvent) => {
      lastPointer.current = event.pointerType || 'mouse';
    };
    const key = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, dialog')) return;
      if (typing(event) || event.key === 'Enter') field.current?.focus();
    };
    window.addEventListener('pointerdown', pointer, true);
    window.addEventListener('keydown', key, true);
    return () => {
      window.removeEventListener('pointerdown', pointer, true);
      window.removeEventListener('keydown', key, true);
    };
  }, []);
  useEffect(() => field.current?.focus(), []);

  function submit(event: FormEvent) {
    event.preventDefault();
    const text = typed.trim();
    setTyped('');
    if (text) props.onScan(text);
    field.current?.focus();
  }

  function blurred() {
    if (lastPointer.current === 'touch') return;
    setTimeout(() => {
      const active = document.activeElement;
      if (!active || active === document.body || active.tagName === 'BUTTON') field.current?.focus();
    }, 0);
  }

  return (
    <div className="pickup">
      <header className="bar">
        <h1 className="title">{t('pickup.title')}</h1>
        <span className={`connection ${props.connection}`}>{t(CONNECTION_KEY[props.connection])}</span>
        <span className="spacer" />
        {props.menu}
      </header>
      <form className="scan" onSubmit={submit}>
        <label>
          {t('pickup.scan')}
          <input
            ref={field}
            name="code"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            onBlur={blurred}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            enterKeyHint="go"
            aria-describedby="scan-hint"
          />
        </label>
        <button className="primary big" type="submit">
          {t('pickup.handOut')}
        </button>
        <p id="scan-hint" className="hint">
          {t('pickup.scanHint')}
        </p>
      </form>
      <p className={`message ${props.message?.tone ?? ''}`} role="status" key={props.message?.serial ?? 0}>
        {props.message?.text ?? ''}
      </p>
      {props.undos.length > 0 && (
        <ul className="undos" aria-label={t('pickup.undo', { code: '' }).trim()}>
          {props.undos.map(({ order }) => (
            <li key={order.id}>
              {/* The message above says what happened; here, which order (the customer to call back). */}
              <span>
                {t('pickup.tile', {
                  ticket: order.ticketNumber ?? '',
                  code: order.displayCode,
                  customer: order.customer,
                }).trim()}
              </span>
              <button type="button" className="big" onClick={() => props.onUndo(order)}>
                {t('pickup.undo', { code: order.displayCode })}
              </button>
            </li>
          ))}
        </ul>
      )}
      <section className="ready" aria-labelledby="ready-title">
        <h2 id="ready-title">
          {t('pickup.ready')} <span className="count">{props.ready.length}</span>
        </h2>
        {props.loaded && props.ready.length === 0 && <p className="nothing">{t('pickup.nothing')}</p>}
        <ol className="tiles">
          {props.ready.map((order) => (
            <li key={order.id}>
              <button
                type="button"
                className="tile"
                aria-label={t('pickup.tile', {
                  ticket: order.ticketNumber ?? '',
                  code: order.displayCode,
                  customer: order.customer,
                }).trim()}
                onClick={() => props.onHandOut(order)}
              >
                <span className="number">{order.ticketNumber ?? '–'}</span>
                <span className="code">{order.displayCode}</span>
                <span className="customer">{order.customer}</span>
              </button>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
