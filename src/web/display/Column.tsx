import { counted } from '../../i18n/translate.js';
import { useTexts } from '../shared/locale.js';
import { readyShown, type Shown } from './board.js';
import { layoutTiles } from './tiles.js';

/** The column's inner size in CSS pixels, measured by the page (0 × 0 before the first measure). */
export interface Area {
  width: number;
  height: number;
}

/**
 * One column of the TV: a tile per order, as large as the column allows (tiles.ts), never smaller than `minFont`;
 * what does not fit is counted in the last place ("+6 more"). In "Ready" the hidden ones are never the oldest
 * (board.ts). Hidden tiles stay in the list, not displayed: the column's order is the whole list's.
 * Component test: src/web/display/Column.test.tsx.
 */
export function Column(props: {
  id: 'preparing' | 'ready';
  orders: readonly Shown[];
  newest: number | null;
  area: Area;
  screenHeight: number;
  minFont: number;
}) {
  const { id, orders, newest, area, screenHeight, minFont } = props;
  const { t } = useTexts();
  const gap = Math.round(screenHeight * 0.012);
  const layout = layoutTiles(orders.length, {
    width: area.width,
    height: area.height,
    gap,
    minFont,
    maxFont: screenHeight * 0.3,
  });
  const shown = new Set(
    (id === 'ready' ? readyShown(orders, layout.visible) : orders.slice(0, layout.visible)).map((order) => order.id),
  );
  const style = {
    '--cols': String(layout.cols),
    '--tile-h': `${Math.floor(layout.tileHeight)}px`,
    '--font': `${Math.floor(layout.font)}px`,
    '--gap': `${gap}px`,
  } as React.CSSProperties;
  return (
    <ol id={id} style={style}>
      {orders.map((order) => (
        <li
          key={order.id}
          data-id={order.id}
          className={id === 'ready' && order.id === newest ? 'newest' : undefined}
          style={shown.has(order.id) ? undefined : { display: 'none' }}
        >
          <span className="number">{order.ticketNumber ?? '–'}</span>
          <span className="code">{order.displayCode}</span>
        </li>
      ))}
      {layout.more > 0 && <li className="more">{t(counted('display.more', layout.more), { count: layout.more })}</li>}
    </ol>
  );
}
