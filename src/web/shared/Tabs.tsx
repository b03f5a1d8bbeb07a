import { useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface Tab<T extends string> {
  id: T;
  label: ReactNode;
  className?: string;
}

/** Where an arrow key moves among `count` tabs from `index` (wrapping round), or null for any other key. */
export function tabAfterKey(index: number, count: number, key: string): number | null {
  if (count === 0) return null;
  if (key === 'ArrowRight' || key === 'ArrowDown') return (index + 1) % count;
  if (key === 'ArrowLeft' || key === 'ArrowUp') return (index - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

/**
 * A row of tabs as a keyboard and a screen reader expect them (role tablist / tab): one tab stop, the chosen tab
 * (roving tabindex); the arrow keys, Home and End move along the row and choose as they go. Tapping works as before.
 * Component test: src/web/shared/Tabs.test.tsx.
 */
export function Tabs<T extends string>(props: {
  label?: string;
  tabs: ReadonlyArray<Tab<T>>;
  selected: T;
  onSelect(id: T): void;
  className?: string;
}) {
  const { label, tabs, selected, onSelect, className = 'tabs' } = props;
  const row = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const next = tabAfterKey(index, tabs.length, event.key);
    if (next === null) return;
    event.preventDefault();
    onSelect((tabs[next] as Tab<T>).id);
    row.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[next]?.focus();
  };
  return (
    <div className={className} role="tablist" aria-label={label} ref={row}>
      {tabs.map((tab, index) => (
        <button
          key={tab.id}
          type="button"
          role="tab"
          aria-selected={tab.id === selected}
          tabIndex={tab.id === selected ? 0 : -1}
          className={tab.className ?? 'tab'}
          onClick={() => onSelect(tab.id)}
          onKeyDown={(event) => onKeyDown(event, index)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
