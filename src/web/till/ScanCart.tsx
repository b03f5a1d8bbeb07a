import { useState, type FormEvent } from 'react';
import { useTexts } from '../shared/locale.js';
import type { Cart } from './cart.js';
import { loadScannedCart } from './scan-cart.js';

/**
 * "Scan a cart": a field a USB scanner types a customer's cart code into (then Enter). Focused when a new order
 * starts, so the scanner's keys land here; the result is said in words, the missing foods by line.
 */
export function ScanCart({
  cart,
  foods,
  onLoad,
}: {
  cart: Cart;
  foods: ReadonlyArray<{ id: string; name: string; priceCents: number }>;
  onLoad(cart: Cart): void;
}) {
  const { t } = useTexts();
  const [code, setCode] = useState('');
  const [result, setResult] = useState<{ text: string; problem: boolean } | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return;
    const scanned = loadScannedCart(cart, code, foods);
    if (!scanned) {
      setResult({ text: t('scan.notCart'), problem: true });
      return;
    }
    setCode('');
    onLoad(scanned.cart);
    const loaded = t('scan.loaded', { count: scanned.loaded });
    if (scanned.missing.length === 0) setResult({ text: loaded, problem: false });
    else {
      const lines = scanned.missing
        .map((line) => t('scan.missingLine', { quantity: line.quantity, ref: line.food }))
        .join(', ');
      setResult({ text: `${loaded} ${t('scan.missing', { lines })}`, problem: true });
    }
  };
  return (
    <form className="scan-cart" onSubmit={submit}>
      <label>
        {t('scan.label')}
        <input
          autoFocus // a new order starts here: the scanner types into the focus
          autoComplete="off"
          spellCheck={false}
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
      </label>
      <button type="submit">{t('scan.load')}</button>
      {result && (
        <p role={result.problem ? 'alert' : 'status'} className={result.problem ? 'error' : 'ok'}>
          {result.text}
        </p>
      )}
    </form>
  );
}
