import { useState, type FormEvent } from 'react';
import { counted } from '../../i18n/translate.js';
import { useTexts } from '../shared/locale.js';
import type { Cart } from './cart.js';
import { type ChoiceProblem, loadScannedCart, type TillFood } from './scan-cart.js';

/**
 * "Scan a cart": a field a USB scanner types a customer's cart code into (then Enter). Focused when a new order
 * starts, so the scanner's keys land here; the result is said in words, the missing foods by line, and the lines
 * whose choices must be made again (with the food's name and why).
 */
export function ScanCart({
  cart,
  foods,
  onLoad,
}: {
  cart: Cart;
  foods: readonly TillFood[];
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
    const said = [t(counted('scan.loaded', scanned.loaded), { count: scanned.loaded })];
    if (scanned.missing.length > 0) {
      const lines = scanned.missing
        .map((line) => t('scan.missingLine', { quantity: line.quantity, ref: line.food }))
        .join(', ');
      said.push(t('scan.missing', { lines }));
    }
    if (scanned.rechoose.length > 0) {
      const lines = scanned.rechoose
        .map(({ line, food, problem }) => rechooseLine(t, line.quantity, food, problem))
        .join(', ');
      said.push(t('scan.rechoose', { lines }));
    }
    setResult({ text: said.join(' '), problem: said.length > 1 });
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

function rechooseLine(
  t: ReturnType<typeof useTexts>['t'],
  quantity: number,
  food: string,
  problem: ChoiceProblem,
): string {
  if (problem.kind === 'gone') return t('scan.optionGone', { quantity, food, ref: problem.ref });
  if (problem.kind === 'off') return t('scan.optionOff', { quantity, food, option: problem.option });
  return t('scan.choicesChanged', { quantity, food });
}
