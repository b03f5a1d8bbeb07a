import { useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { counted } from '../../i18n/translate.js';
import type { PosClient } from '../../client/index.js';
import type { Chime } from '../shared/chime.js';
import { useTexts } from '../shared/locale.js';
import {
  ageLevel,
  ageLimits,
  ageMinutes,
  allDayCounts,
  keepStruck,
  lastDone,
  waitingOrders,
  type StationOrder,
} from './board.js';
import { loadStruck, saveStruck, type Station } from './storage.js';
import { useStation, type Problem } from './use-station.js';

/** A table the till did not ask for comes as a placeholder ("—"): not worth a line on the card. */
const NO_TABLE = /^[\s—–-]*$/;

/**
 * How many cards of the scrolling list are not wholly in sight (below, or above once scrolled): the cook sees six of
 * thirty-seven cards at once and must know the rest are there. Measured after each change, scroll and resize.
 */
function useOutOfSight(list: RefObject<HTMLElement | null>, changed: unknown): number {
  const [count, setCount] = useState(0);
  useLayoutEffect(() => {
    const element = list.current;
    if (!element) return;
    const measure = () => {
      const box = element.getBoundingClientRect();
      const cards = [...element.querySelectorAll<HTMLElement>(':scope > .ticket')];
      setCount(
        cards.filter((card) => {
          const own = card.getBoundingClientRect();
          return own.top < box.top - 1 || own.bottom > box.bottom + 1;
        }).length,
      );
    };
    measure();
    const resized = new ResizeObserver(measure);
    resized.observe(element);
    element.addEventListener('scroll', measure, { passive: true });
    return () => {
      resized.disconnect();
      element.removeEventListener('scroll', measure);
    };
  }, [list, changed]);
  return count;
}

/** One station's screen: the all-day counts, a card per waiting order, Done, Recall. */
export function Board({
  client,
  station,
  chime,
  menu,
  onProblem,
}: {
  client: PosClient;
  station: Station;
  chime: Chime;
  menu: ReactNode;
  onProblem(problem: Exclude<Problem, null>): void;
}) {
  const { t } = useTexts();
  const limits = useMemo(() => ageLimits(location.search), []);
  const { orders, connection, problem, offsetMs, setStatus } = useStation(client, station.id, {
    onNewOrder: () => chime.play(),
  });
  const [struck, setStruck] = useState(() => loadStruck(station.id));
  const [now, setNow] = useState(() => Date.now());
  const [notSent, setNotSent] = useState(false);
  const [soundLocked, setSoundLocked] = useState(() => chime.locked());

  useEffect(() => {
    if (problem) onProblem(problem);
  }, [problem, onProblem]);
  useEffect(() => chime.onLockChange(setSoundLocked), [chime]);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, []);
  // Strikes are this tablet's own notes: kept while their order is on the screen, then forgotten.
  useEffect(() => {
    if (!orders) return;
    setStruck((current) => {
      const kept = keepStruck(current, orders);
      saveStruck(station.id, kept);
      return kept;
    });
  }, [orders, station.id]);

  const toggle = (itemId: string) =>
    setStruck((current) => {
      const next = new Set(current);
      if (!next.delete(itemId)) next.add(itemId);
      saveStruck(station.id, next);
      return next;
    });
  const change = async (orderId: number, status: 'DONE' | 'WAITING') => setNotSent(!(await setStatus(orderId, status)));

  const waiting = orders ? waitingOrders(orders) : [];
  const counts = orders ? allDayCounts(orders, struck) : [];
  const recall = orders ? lastDone(orders) : null;
  const serverNow = now + offsetMs;
  const tickets = useRef<HTMLElement>(null);
  const outOfSight = useOutOfSight(tickets, orders);

  return (
    <div className="kitchen">
      <header className="bar">
        <h1 className="station-name">{station.name}</h1>
        <span className={`connection ${connection}`} role="status">
          {t(connection === 'live' ? 'screen.live' : 'screen.reconnecting')}
        </span>
        <span className="spacer" />
        {chime.enabled && soundLocked && <button className="chip sound">{t('screen.tapForSound')}</button>}
        <button className="recall" disabled={!recall} onClick={() => recall && void change(recall.id, 'WAITING')}>
          {t('kitchen.recall')}
          {recall && (
            <span className="recall-which">
              {' '}
              #{recall.ticketNumber ?? '–'} {recall.displayCode}
            </span>
          )}
        </button>
        {menu}
      </header>
      <section className="all-day" aria-label={t('kitchen.allDay')}>
        <span className="all-day-label">{t('kitchen.allDay')}</span>
        {counts.map((count) => (
          <span key={count.name} className="all-day-count">
            {count.name} <b>{count.quantity}</b>
          </span>
        ))}
      </section>
      {orders && waiting.length > 0 && (
        <p className="waiting-count">
          <b>{t(counted('kitchen.waiting', waiting.length), { count: waiting.length })}</b>
          {outOfSight > 0 && <span className="below"> · {t('kitchen.below', { count: outOfSight })}</span>}
        </p>
      )}
      {notSent && (
        <p className="alert" role="alert">
          {t('kitchen.notSent')}
        </p>
      )}
      <main className="tickets" ref={tickets}>
        {orders && waiting.length === 0 && <p className="nothing">{t('kitchen.nothing')}</p>}
        {waiting.map((order) => (
          <Ticket
            key={order.id}
            order={order}
            minutes={ageMinutes(order.confirmedAt, serverNow)}
            level={ageLevel(ageMinutes(order.confirmedAt, serverNow), limits)}
            struck={struck}
            onToggle={toggle}
            onDone={() => void change(order.id, 'DONE')}
          />
        ))}
      </main>
    </div>
  );
}

export function Ticket({
  order,
  minutes,
  level,
  struck,
  onToggle,
  onDone,
}: {
  order: StationOrder;
  minutes: number;
  level: string;
  struck: ReadonlySet<string>;
  onToggle(itemId: string): void;
  onDone(): void;
}) {
  const { t } = useTexts();
  const number = `#${order.ticketNumber ?? '–'}`;
  // As on the paper: how many places to lay, or that it leaves in a bag.
  const banner =
    order.service === 'TAKEAWAY'
      ? t('kitchen.takeaway')
      : order.covers > 0
        ? t('kitchen.covers', { count: order.covers })
        : null;
  const who = [NO_TABLE.test(order.table) ? null : t('kitchen.table', { table: order.table }), order.customer]
    .filter(Boolean)
    .join(' · ');
  return (
    <article className={`ticket ${level}`} aria-label={t('kitchen.order', { ticket: number, code: order.displayCode })}>
      <header className="ticket-head">
        <span className="ticket-number">{number}</span>
        <span className="ticket-code">{order.displayCode}</span>
        <span className="ticket-age">{t('kitchen.age', { minutes })}</span>
      </header>
      {banner && <p className="ticket-service">{banner}</p>}
      {who && <p className="ticket-who">{who}</p>}
      <ul className="ticket-items">
        {order.items.map((item) => {
          // A set menu's courses share their line's id: the option tells them apart. Only the plain choices show
          // ("ben cotta"); a course is a line of its own at its own station.
          const key = item.optionId ? `${item.id}:${item.optionId}` : item.id;
          const choices = (item.choices ?? []).filter((choice) => choice.foodId === null).map((choice) => choice.name);
          return (
            <li key={key}>
              {/* Named in words: the spans alone read "2×Margheritasenza glutine" to a screen reader. */}
              <button
                className="item"
                aria-label={`${item.quantity}× ${item.name}${choices.length ? `, ${choices.join(', ')}` : ''}${item.notes ? `: ${item.notes}` : ''}`}
                aria-pressed={struck.has(key)}
                onClick={() => onToggle(key)}
              >
                <span className="qty">{item.quantity}×</span>
                <span className="name">{item.name}</span>
                {choices.map((choice) => (
                  <span key={choice} className="choice">
                    · {choice}
                  </span>
                ))}
                {item.notes && <span className="note">{item.notes}</span>}
              </button>
            </li>
          );
        })}
      </ul>
      <button className="done" onClick={onDone}>
        {t('kitchen.done')}
      </button>
    </article>
  );
}
