import { useState } from 'react';
import { formatAmount, parseAmount } from '../../i18n/translate.js';
import { useTexts } from '../shared/locale.js';

/** An amount typed the cashier's way (`100`, `7,50`): hands over cents once it reads as one, null when left empty. */
export function AmountField({
  label,
  cents,
  onCents,
}: {
  label: string;
  cents: number | null;
  onCents(cents: number | null): void;
}) {
  const { t, locale } = useTexts();
  const [text, setText] = useState(cents === null ? '' : formatAmount(locale, cents, false));
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
          if (value !== null) onCents(event.target.value.trim() === '' ? null : value);
        }}
      />
      {parsed === null && <span className="error">{t('order.badAmount')}</span>}
    </label>
  );
}
