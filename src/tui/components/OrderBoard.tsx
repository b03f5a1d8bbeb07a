import { Box } from 'ink';
import { type DashboardState, ordersIn, STAGES } from '../state.js';
import { useDashboardTexts } from '../texts.js';
import { OrderColumn } from './OrderColumn.js';

/** The four stages side by side, sharing the terminal's width. */
export function OrderBoard({
  state,
  width,
  height,
  now,
  lateMinutes,
}: {
  state: DashboardState;
  width: number;
  height: number;
  now: number;
  lateMinutes: number;
}) {
  const { t } = useDashboardTexts();
  const columnWidth = Math.max(16, Math.floor(width / STAGES.length));
  return (
    <Box flexDirection="row" height={height}>
      {STAGES.map((stage) => (
        <OrderColumn
          key={stage}
          title={t(`dashboard.stage.${stage}`)}
          stage={stage}
          orders={ordersIn(state, stage, now)}
          width={columnWidth}
          height={height}
          selectedId={state.selected.stage === stage ? state.selected.id : null}
          active={state.selected.stage === stage}
          now={now}
          lateMinutes={lateMinutes}
        />
      ))}
    </Box>
  );
}
