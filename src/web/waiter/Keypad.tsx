import { useTexts } from '../shared/locale.js';

/** Tables are numbers on a fair's benches; four digits are plenty, and the field never grows past the screen. */
export const TABLE_DIGITS = 4;

/** The next value after a key of the keypad: a digit appended (up to TABLE_DIGITS), or the last one taken off. */
export function pressKey(value: string, key: string): string {
  if (key === 'back') return value.slice(0, -1);
  if (!/^\d$/.test(key) || value.length >= TABLE_DIGITS) return value;
  return value === '0' ? key : value + key;
}

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '0', 'back'];

/** A big numeric keypad for a thumb: the table shown large above it. */
export function Keypad({ value, onChange }: { value: string; onChange(next: string): void }) {
  const { t } = useTexts();
  return (
    <div className="keypad-box">
      <output className="table-shown" aria-label={t('waiter.table')}>
        {value || '–'}
      </output>
      <div className="keypad" role="group" aria-label={t('waiter.keypad')}>
        {KEYS.map((key) => (
          <button
            key={key}
            type="button"
            className={key === 'back' ? 'key back' : key === '0' ? 'key zero' : 'key'}
            aria-label={key === 'back' ? t('waiter.deleteDigit') : undefined}
            onClick={() => onChange(pressKey(value, key))}
          >
            {key === 'back' ? '⌫' : key}
          </button>
        ))}
      </div>
    </div>
  );
}
