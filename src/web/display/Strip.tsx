import { useTexts } from '../shared/locale.js';
import { stripPlaces, stripShown } from './ageing.js';
import type { Shown } from './board.js';

/**
 * The TV's "still to collect" strip: the ready orders not collected for a while, oldest first, on one line under
 * the columns (two on a screen upright), numbers at `font` (never under 4.4% of the screen's height). When they do not all fit, the last place
 * counts the youngest of them ("+3"). Component test: src/web/display/Strip.test.tsx.
 */
export function Strip(props: {
  orders: readonly Shown[];
  /** The list's width in CSS pixels, measured by the page (0 before the first measure). */
  width: number;
  font: number;
  gap: number;
  /** Lines the strip may take (1; 2 on a screen upright). */
  rows?: number;
  listRef?: (element: HTMLElement | null) => void;
}) {
  const { t } = useTexts();
  const { shown, more } = stripShown(props.orders, stripPlaces(props.width, props.font, props.gap, props.rows));
  const style = { '--strip-font': `${Math.floor(props.font)}px`, '--gap': `${props.gap}px` } as React.CSSProperties;
  return (
    <aside id="collect" aria-labelledby="collect-title" style={style}>
      <h2 id="collect-title">{t('display.toCollect')}</h2>
      <ol id="collect-list" ref={props.listRef}>
        {shown.map((order) => (
          <li key={order.id} data-id={order.id}>
            <span className="number">{order.ticketNumber ?? '–'}</span>
            <span className="code">{order.displayCode}</span>
          </li>
        ))}
        {more > 0 && <li className="more">+{more}</li>}
      </ol>
    </aside>
  );
}
