import { Box, type Key, useInput } from 'ink';
import { Text } from './Text.js';
import { useRef, useState } from 'react';
import { fit, fitColumns, keyLines } from '../format.js';
import { useDashboardTexts } from '../texts.js';

export interface ListRow {
  id: string;
  /** The row as it reads, one cell per column. */
  cells: string[];
  /** Drawn in grey (switched off), yellow (needs a look) or red (not working). */
  tone?: 'off' | 'warning' | 'error';
}

export interface ResourceListProps {
  title: string;
  /**
   * The column headings; their widths are the widest of heading and cells, narrowed to fit the terminal (see
   * fitColumns). A column with nothing in any row is left out.
   */
  columns: string[];
  /** The columns narrowed last (a food's name and price; a register's drawer). */
  keep?: number[];
  rows: ListRow[] | null;
  /** `a`; left out when the list has no adding. */
  onAdd?: () => void;
  /** `e` or Enter on a row. */
  onEdit?: (id: string) => void;
  /** `x`, after `y` to the question; the name of the row is in the question. */
  onDelete?: (id: string) => void;
  /**
   * More keys of this list (a letter: what it does to the row under the cursor). A number returned moves the cursor
   * by that many rows.
   */
  keys?: Record<string, (id: string | null) => void | number>;
  /** The key help at the bottom, in the console's language. */
  help: string;
  message?: string;
  tone?: 'info' | 'warning' | 'error';
  width: number;
  height: number;
  active?: boolean;
  /** Told whether a question is open (the number keys then answer it, they do not switch screens). */
  onCapture?: (capturing: boolean) => void;
  /**
   * The row the cursor is on, kept by the screen: a form opened from the list and closed again, or the rows read
   * again in another order, bring the cursor back to the same row, never to another one a key would then act on.
   */
  selectedId?: string | null;
  onSelect?: (id: string | null) => void;
}

/**
 * A list of the console (foods, printers, registers, people): ↑ ↓ choose, `a` adds, `e`/Enter edits, `x` deletes
 * after asking. The keys are said at the bottom.
 */
export function ResourceList(props: ResourceListProps) {
  const {
    title,
    columns,
    keep,
    rows,
    onAdd,
    onEdit,
    onDelete,
    keys = {},
    help,
    message,
    tone = 'info',
    width,
    height,
    active = true,
    onCapture,
    selectedId = null,
    onSelect,
  } = props;
  const { t } = useDashboardTexts();
  const [, setCursorState] = useState(0);
  const [asking, setAskingState] = useState<string | null>(null);
  // Also in refs: a key that comes before the next render still acts on the row it was pressed on.
  const latest = useRef({ cursor: 0, asking: null as string | null, selected: selectedId });
  /** The cursor's row: the selected one wherever it is now, else the same place (its row was deleted). */
  const cursorIn = (list: ListRow[]) => {
    const found = list.findIndex((each) => each.id === latest.current.selected);
    return found >= 0 ? found : Math.min(latest.current.cursor, Math.max(0, list.length - 1));
  };
  /** Moves the cursor to a row; `keep` keeps the row selected as it moves (a food moved up the menu). */
  const setCursor = (next: number, list: ListRow[], keep = false) => {
    latest.current.cursor = next;
    if (!keep) {
      latest.current.selected = list[next]?.id ?? null;
      onSelect?.(latest.current.selected);
    }
    setCursorState(next);
  };
  const list = rows ?? [];
  const at = cursorIn(list);
  // Ink hands a key to the handler of the last render that ran its effects: the rows and actions of this render are
  // read through a ref, so a key pressed as soon as the list shows acts on it.
  const now = useRef({ rows, onAdd, onEdit, onDelete, keys });
  now.current = { rows, onAdd, onEdit, onDelete, keys };

  const ask = (id: string | null) => {
    latest.current.asking = id;
    setAskingState(id);
    onCapture?.(id !== null);
  };
  useInput(
    (input: string, key: Key) => {
      const { rows, onAdd, onEdit, onDelete, keys } = now.current;
      const list = rows ?? [];
      const asking = latest.current.asking;
      const at = cursorIn(list);
      const row = list[at];
      if (asking !== null) {
        if (input === 'y' || input === 's') {
          const id = asking;
          ask(null);
          onDelete?.(id);
        } else if (input === 'n' || key.escape) ask(null);
        return;
      }
      // Still loading: adding now would be judged on what is not read yet ("add a printer first" with printers).
      if (rows === null) return;
      if (key.upArrow) return setCursor(Math.max(0, at - 1), list);
      if (key.downArrow) return setCursor(Math.min(list.length - 1, at + 1), list);
      // Whatever the key does to the row, the cursor comes back to that row afterwards.
      if (row && latest.current.selected !== row.id) {
        latest.current.selected = row.id;
        onSelect?.(row.id);
      }
      if (input === 'a' && onAdd) return onAdd();
      if ((input === 'e' || key.return) && onEdit && row) return onEdit(row.id);
      if (input === 'x' && onDelete && row) return ask(row.id);
      const extra = keys[input];
      // A key that moves its row (a food up or down the menu) says by how much: the cursor follows it.
      const moved = extra?.(row?.id ?? null);
      if (typeof moved === 'number' && moved !== 0)
        setCursor(Math.min(list.length - 1, Math.max(0, at + moved)), list, true);
    },
    { isActive: active },
  );

  // Two characters before every line: the cursor's mark and a space.
  const shown = columns.flatMap((heading, index) =>
    list.length === 0 || list.some((each) => (each.cells[index] ?? '') !== '') ? [{ heading, index }] : [],
  );
  const widths = fitColumns(
    shown.map(({ heading, index }) => ({
      heading: heading.length,
      cells: Math.max(0, ...list.map((each) => (each.cells[index] ?? '').length)),
      keep: keep?.includes(index) === true,
    })),
    width - 3,
  );
  const line = (cells: string[]) => shown.map(({ index }, at) => fit(cells[index] ?? '', widths[at] ?? 0)).join('  ');
  const asked = asking === null ? null : list.find((each) => each.id === asking);
  // What the last action did may take two lines (a drawer's close, with its printer off), the list one row less.
  const said = wrapTwo(asked ? t('console.confirmDelete', { name: asked.cells[0] ?? '' }) : message || ' ', width - 1);
  const helpLines = keyLines(asked ? t('console.keys.confirm') : help, width - 1);
  const rowsShown = Math.max(1, height - 3 - said.length - helpLines.length);
  const start = Math.max(0, Math.min(at - rowsShown + 1, list.length - rowsShown));
  return (
    <Box flexDirection="column" height={height}>
      <Text bold color="cyan">
        {fit(title, width - 1)}
      </Text>
      <Text bold color="gray">
        {fit(`  ${line(columns)}`, width - 1)}
      </Text>
      <Box flexDirection="column" height={rowsShown}>
        {rows === null ? <Text color="gray">{t('console.loading')}</Text> : null}
        {rows !== null && list.length === 0 ? <Text color="gray">{t('console.empty')}</Text> : null}
        {list.slice(start, start + rowsShown).map((each, index) => (
          <Text
            key={each.id}
            inverse={start + index === at}
            color={
              each.tone === 'off'
                ? 'gray'
                : each.tone === 'warning'
                  ? 'yellow'
                  : each.tone === 'error'
                    ? 'red'
                    : undefined
            }
          >
            {fit(`${start + index === at ? '›' : ' '} ${line(each.cells)}`, width - 1)}
          </Text>
        ))}
      </Box>
      {said.map((line, index) => (
        <Text
          key={index}
          color={asked ? 'yellow' : tone === 'error' ? 'red' : tone === 'warning' ? 'yellow' : 'gray'}
          wrap="truncate-end"
        >
          {line}
        </Text>
      ))}
      {helpLines.map((line) => (
        <Text key={line} color="gray" wrap="truncate-end">
          {line}
        </Text>
      ))}
    </Box>
  );
}

/** A message on one line, or on two broken at a space when it is longer; what is longer still is cut with "…". */
function wrapTwo(message: string, width: number): string[] {
  if (message.length <= width) return [message];
  const cut = message.lastIndexOf(' ', width);
  const at = cut > width / 2 ? cut : width;
  return [message.slice(0, at), fit(message.slice(at).trimStart(), width).trimEnd()];
}
