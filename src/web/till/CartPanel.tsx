import { useEffect, useRef, useState } from 'react';
import { discountTooLarge } from '../../api/pricing.js';
import { formatAmount, parseAmount } from '../../i18n/translate.js';
import { useTexts } from '../shared/locale.js';
import {
  canAddToLine,
  canPay,
  cartTotals,
  changeQuantity,
  DISCOUNT_REASON_MAX,
  lineTotalCents,
  NO_SERVICE,
  type RoleFoods,
  serviceLines,
  shortages,
  updateLine,
  type Cart,
} from './cart.js';
import { ServiceControls } from './ServiceControls.js';
import { paidWords, shortageWords } from './RefusalText.js';
import { settle, type Paid } from './settle.js';

/** A refused order back on screen: what was paid for it, and what the changed order means at the counter. */
function SettleNote({ paid, totalCents }: { paid: Paid; totalCents: number }) {
  const text = useTexts();
  const { t, money } = text;
  const settlement = settle(paid, totalCents);
  const what =
    settlement.kind === 'refundCard'
      ? t('settle.refundCard', { amount: money(settlement.cents) })
      : settlement.kind === 'even'
        ? t('settle.even')
        : t(settlement.kind === 'collect' ? 'settle.collect' : 'settle.giveBack', { amount: money(settlement.cents) });
  return (
    <div className="settle" role="status" aria-label={t('settle.title')}>
      <p>{paidWords(text, paid)}</p>
      <p className={`settle-${settlement.kind}`}>
        <strong>{what}</strong>
      </p>
    </div>
  );
}

/** An amount field that keeps what the cashier types and hands over cents once it reads as an amount. */
function AmountInput({ label, cents, onCents }: { label: string; cents: number; onCents(cents: number): void }) {
  const { t, locale } = useTexts();
  const [text, setText] = useState(cents ? formatAmount(locale, cents, false) : '');
  const parsed = parseAmount(text);
  return (
    <label className="amount">
      {label}
      <input
        inputMode="decimal"
        value={text}
        aria-invalid={parsed === null}
        onChange={(event) => {
          setText(event.target.value);
          const value = parseAmount(event.target.value);
          if (value !== null) onCents(value);
        }}
      />
      {parsed === null && <span className="error">{t('order.badAmount')}</span>}
    </label>
  );
}

/**
 * `leftOf`: the portions left of a food as the tablet knows them (live), null when not counted. `askTable`: false at
 * a venue with counter service (`pos serve --no-tables`): no Table field, the order goes with "—".
 */
export function CartPanel({
  cart,
  askTable,
  roles,
  leftOf,
  onChange,
  onPay,
  onClear,
}: {
  cart: Cart;
  askTable: boolean;
  /** The venue's cover and takeaway-fee foods: the covers steppers and the takeaway switch add their lines. */
  roles: RoleFoods;
  leftOf(foodId: string): number | null;
  onChange(cart: Cart): void;
  onPay(method: 'CASH' | 'CARD'): void;
  onClear(): void;
}) {
  const { t, money } = useTexts();
  const [open, setOpen] = useState<string | null>(null);
  // The customer walked away: one tap and a second to be sure, never a whole order gone by a stray touch.
  const [clearing, setClearing] = useState(false);
  const totals = cartTotals(cart, roles);
  const short = shortages(cart, leftOf);
  const payable = canPay(cart, roles) && short.length === 0;
  const added = serviceLines(cart, roles);
  // A tap on a food shows its line: on a phone the list holds two or three lines, and the one just added would
  // otherwise change only the total, out of sight below them.
  const lines = useRef<HTMLUListElement>(null);
  const seen = useRef(new Map<string, number>());
  useEffect(() => {
    const grown = cart.lines.find((line) => (seen.current.get(line.id) ?? 0) < line.quantity);
    seen.current = new Map(cart.lines.map((line) => [line.id, line.quantity]));
    if (grown)
      lines.current?.querySelector(`[data-line="${CSS.escape(grown.id)}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [cart.lines]);
  return (
    <section className="cart" aria-label={t('order.title')}>
      <div className="who">
        <label>
          {t('order.customer')}
          <input
            value={cart.customer}
            maxLength={100}
            onChange={(e) => onChange({ ...cart, customer: e.target.value })}
          />
        </label>
        {askTable && (
          <label className="table">
            {t('order.table')}
            <input value={cart.table} maxLength={50} onChange={(e) => onChange({ ...cart, table: e.target.value })} />
          </label>
        )}
      </div>
      <ServiceControls
        service={cart.service ?? NO_SERVICE}
        roles={roles}
        onChange={(service) => onChange({ ...cart, service })}
      />
      <ul className="lines" ref={lines}>
        {cart.lines.length === 0 && <li className="hint">{t('order.empty')}</li>}
        {cart.lines.map((line) => (
          <li key={line.id} className="line" data-line={line.id}>
            <div className="line-main">
              <button
                className="qty"
                aria-label={t('order.remove', { name: line.name })}
                onClick={() => onChange(changeQuantity(cart, line.id, -1))}
              >
                −
              </button>
              <span className="line-qty">{line.quantity}</span>
              <button
                className="qty"
                aria-label={t('order.add', { name: line.name })}
                disabled={!canAddToLine(cart, line, leftOf)}
                onClick={() => onChange(changeQuantity(cart, line.id, +1))}
              >
                +
              </button>
              <button
                className="line-name"
                aria-expanded={open === line.id}
                aria-label={t('order.details', { name: line.name })}
                onClick={() => setOpen(open === line.id ? null : line.id)}
              >
                {line.name}
                {(line.choices ?? []).map((choice) => (
                  <small key={choice.id} className="choice-note">
                    {' '}
                    · {choice.name}
                  </small>
                ))}
                {line.notes && <small className="note"> · {line.notes}</small>}
                {line.surchargeCents > 0 && <small className="note"> · +{money(line.surchargeCents)}</small>}
              </button>
              <span className="line-total">{money(lineTotalCents(line))}</span>
            </div>
            {open === line.id && (
              <div className="line-extra">
                <label>
                  {t('order.note')}
                  <input
                    value={line.notes}
                    maxLength={200}
                    onChange={(e) => onChange(updateLine(cart, line.id, { notes: e.target.value }))}
                  />
                </label>
                <AmountInput
                  label={t('order.surcharge')}
                  cents={line.surchargeCents}
                  onCents={(cents) => onChange(updateLine(cart, line.id, { surchargeCents: cents }))}
                />
              </div>
            )}
          </li>
        ))}
        {/* The cover and the takeaway fee: set by the steppers and the switch above, not changed here. */}
        {cart.lines.length > 0 &&
          added.map((line) => (
            <li key={line.id} className="line role-line">
              <div className="line-main">
                <span className="line-qty">{line.quantity}</span>
                <span className="line-name">{line.name}</span>
                <span className="line-total">{money(lineTotalCents(line))}</span>
              </div>
            </li>
          ))}
        {/* A changed order whose money all went back has no lines left, yet it is still on screen until cleared. */}
        {(cart.lines.length > 0 || cart.paid) && (
          <li className="clear-order">
            {clearing ? (
              <>
                <span>{t('order.clearConfirm')}</span>
                <button onClick={() => setClearing(false)}>{t('order.clearNo')}</button>
                <button className="danger" onClick={onClear}>
                  {t('order.clearYes')}
                </button>
              </>
            ) : (
              <button onClick={() => setClearing(true)}>{t('order.clear')}</button>
            )}
          </li>
        )}
      </ul>
      <div className="totals">
        <AmountInput
          label={t('order.discount')}
          cents={cart.discountCents}
          onCents={(cents) => onChange({ ...cart, discountCents: cents })}
        />
        {cart.discountCents > 0 && (
          <label className="discount-reason">
            {t('order.discountReason')}
            <input
              value={cart.discountReason ?? ''}
              maxLength={DISCOUNT_REASON_MAX}
              onChange={(event) => onChange({ ...cart, discountReason: event.target.value })}
            />
          </label>
        )}
        <dl>
          <dt>{t('order.subtotal')}</dt>
          <dd>{money(totals.subtotalCents)}</dd>
          <dt>{t('order.discount')}</dt>
          <dd>{totals.discountCents ? `−${money(totals.discountCents)}` : money(0)}</dd>
          <dt className="total">{t('order.total')}</dt>
          <dd className="total" data-testid="total">
            {money(totals.totalCents)}
          </dd>
        </dl>
        {cart.paid && <SettleNote paid={cart.paid} totalCents={totals.totalCents} />}
        {discountTooLarge(totals) && (
          <p className="error" role="alert">
            {t('order.discountTooLarge')}
          </p>
        )}
        {short.length > 0 && (
          <p className="error" role="alert">
            {shortageWords(t, short)}. {t('order.short')}
          </p>
        )}
      </div>
      <div className="pay-buttons">
        <button className="pay cash" disabled={!payable} onClick={() => onPay('CASH')}>
          {t('pay.cash')}
        </button>
        <button className="pay card" disabled={!payable} onClick={() => onPay('CARD')}>
          {t('pay.card')}
        </button>
      </div>
    </section>
  );
}
