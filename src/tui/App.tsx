import { Box, type Key, useApp, useInput, useStdout } from 'ink';
import { type ReactNode, useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { Footer } from './components/Footer.js';
import { FoodPicker } from './components/FoodPicker.js';
import { Header } from './components/Header.js';
import { OrderBoard } from './components/OrderBoard.js';
import { PrintersPanel } from './components/PrintersPanel.js';
import { ItemsView } from './components/ItemsView.js';
import { RegisterPicker } from './components/RegisterPicker.js';
import type { PaymentMethod } from '../api/enums.js';
import { ApiError, NetworkError } from '../client/errors.js';
import { errorKey } from '../i18n/index.js';
import { readStockChange } from '../client/stock-change.js';
import type { DashboardSource } from './source.js';
import { offlineMessage, useDashboardTexts } from './texts.js';
import {
  type Action,
  findOrder,
  initialState,
  NO_REGISTER,
  nextStatus,
  orderLabel,
  type RegisterCard,
  receiptProblem,
  reduce,
  selectedOrder,
  type Stage,
  STAGE_OF_STATUS,
} from './state.js';
import { Text } from './components/Text.js';

export interface AppProps {
  source: DashboardSource;
  /** Orders waiting longer than this in the kitchen are shown in red. */
  lateMinutes?: number;
  /** Events are applied in batches at most this often, so a burst never makes the screen flicker. */
  frameMs?: number;
  refreshMs?: number;
  now?: () => number;
  /** False while another screen of the console is on show: the board keeps following the orders, and draws nothing. */
  active?: boolean;
  /** Drawn above the board (the console's tab bar), one row taken from it. */
  top?: ReactNode;
  /** Told whether the board takes every key now (a search, a count, a question): the number keys are theirs then. */
  onCapture?: (capturing: boolean) => void;
}

/**
 * The dashboard: loads the state over REST, then follows the cashier event stream. Events are queued and applied
 * together at most every `frameMs` (10 frames a second by default), whatever their rate.
 */
export function App({
  source,
  lateMinutes = 15,
  frameMs = 100,
  refreshMs = 10_000,
  now = Date.now,
  active = true,
  top,
  onCapture,
}: AppProps) {
  const { exit } = useApp();
  // The board's language is chosen before it opens and never changes: the texts are the same object all along.
  const texts = useDashboardTexts();
  const { t } = texts;
  const { stdout } = useStdout();
  const [state, dispatchToReact] = useReducer(reduce, undefined, initialState);
  // Keys can arrive faster than React renders: every action also updates this copy at once, so the next key sees
  // the effect of the previous one (the same pure reducer runs on both, in the same order).
  const latest = useRef(state);
  // Told at once, not after the next render: a number typed right after `/` belongs to the search, not to the tabs.
  const capture = useRef(onCapture);
  capture.current = onCapture;
  const dispatch = useCallback((action: Action) => {
    latest.current = reduce(latest.current, action);
    capture.current?.(latest.current.mode !== 'board' && latest.current.mode !== 'items');
    dispatchToReact(action);
  }, []);
  const [size, setSize] = useState({ columns: stdout.columns || 80, rows: stdout.rows || 24 });
  const [clock, setClock] = useState(now());
  const pending = useRef<Action[]>([]);
  const figuresTimer = useRef<NodeJS.Timeout | null>(null);

  // Offline, an action says so in words, as the offline line does (never a raw ECONNREFUSED). The server's refusals
  // are said by their code, in the board's language (its English message is for people reading the API).
  const report = useCallback(
    (error: unknown) =>
      dispatch({
        type: 'message',
        message:
          error instanceof NetworkError
            ? t('dashboard.errorUnreachable')
            : t('dashboard.error', { message: t(errorKey(error instanceof ApiError ? error.code : undefined)) }),
        tone: 'error',
      }),
    [dispatch, t],
  );
  // A snapshot can be older than events that arrived while it was loading: those events are kept and applied
  // again on top of it (applying an event twice changes nothing). Only the newest load counts.
  const sinceLoad = useRef<Action[] | null>(null);
  const loadGeneration = useRef(0);
  const reload = useCallback(() => {
    const generation = ++loadGeneration.current;
    sinceLoad.current = [];
    source.load().then((loaded) => {
      if (generation !== loadGeneration.current) return;
      const replay = (sinceLoad.current ?? []).flatMap((action) =>
        action.type === 'event' ? [{ event: action.event, at: action.at }] : [],
      );
      sinceLoad.current = null;
      dispatch({ type: 'loaded', ...loaded, at: now(), replay });
    }, report);
  }, [source, report, dispatch, now]);
  const refreshFoods = useCallback(() => {
    source.foods().then((foods) => dispatch({ type: 'foods', foods }), report);
  }, [source, report, dispatch]);
  const refreshFigures = useCallback(() => {
    if (figuresTimer.current) return;
    figuresTimer.current = setTimeout(() => {
      figuresTimer.current = null;
      source.figures().then((figures) => dispatch({ type: 'figures', figures }), report);
    }, 1500);
  }, [source, report, dispatch]);

  useEffect(() => {
    // The first picture is taken once the stream is live (onStatus below), not also at once: one taken before the
    // stream connects could miss the events in between, so it had to be taken again, and on a busy evening each
    // picture costs seconds of the server's time. Until then the board says it is connecting.
    const stop = source.stream({
      onEvent: (event) => {
        if (event.name === 'resync') return reload();
        const action: Action = { type: 'event', event, at: now() };
        pending.current.push(action);
        sinceLoad.current?.push(action);
        // An order created already confirmed is announced without table and customer (and its stations): fetch them.
        if (event.name === 'confirmed-order') {
          source.order(event.payload.id).then(
            (order) => pending.current.push({ type: 'details', order }),
            () => {},
          );
        }
        if (event.name === 'confirmed-order' || event.name === 'order-deleted') refreshFigures();
        if (event.name === 'printer-status-changed')
          source.printers().then((printers) => dispatch({ type: 'printers', printers }), report);
        if (event.name === 'category-availability-changed') refreshFoods();
      },
      onStatus: (connection, offline) => {
        dispatch({ type: 'connection', connection, ...(offline ? { message: offlineMessage(texts, offline) } : {}) });
        if (connection === 'live') reload(); // caught up: take a fresh picture in case anything was missed
      },
    });
    const frames = setInterval(() => {
      const batch = pending.current.splice(0);
      for (const action of batch) dispatch(action);
    }, frameMs);
    const refresh = setInterval(() => {
      setClock(now());
      // While offline the message line says why and when it retries: a failed refresh would only hide that.
      if (latest.current.connection === 'offline') return;
      source.printers().then((printers) => dispatch({ type: 'printers', printers }), report);
    }, refreshMs);
    // The figures move with every sale (refreshed then), and also when the business day turns at 07:00.
    const figures = setInterval(refreshFigures, 60_000);
    const onResize = () => setSize({ columns: stdout.columns || 80, rows: stdout.rows || 24 });
    stdout.on('resize', onResize);
    return () => {
      stop();
      clearInterval(frames);
      clearInterval(refresh);
      clearInterval(figures);
      if (figuresTimer.current) clearTimeout(figuresTimer.current);
      stdout.off('resize', onResize);
    };
  }, [source, frameMs, refreshMs, now, reload, refreshFigures, refreshFoods, report, stdout, dispatch, texts]);

  const act = (work: Promise<unknown>, done: string) =>
    work.then(() => dispatch({ type: 'message', message: done }), report);
  /** A move the server refused (or never got) is undone by reading the board again. */
  const moveOrder = (order: { id: number; ticketNumber: number | null; displayCode: string }, status: string) => {
    dispatch({ type: 'moved', id: order.id, stage: STAGE_OF_STATUS[status] as Stage, now: now() });
    source.setStatus(order.id, status).then(
      () =>
        dispatch({
          type: 'message',
          message: t('dashboard.moved', { order: orderLabel(order), status: texts.status(status) }),
        }),
      (error: unknown) => {
        report(error);
        reload();
      },
    );
  };
  const askRegister = (payingFor?: number) => {
    dispatch({ type: 'mode', mode: 'register', ...(payingFor === undefined ? {} : { payingFor }) });
    source.registers().then((registers) => dispatch({ type: 'registers', registers }), report);
  };
  const confirmAt = (order: { id: number; displayCode: string }, method: PaymentMethod, register: RegisterCard) => {
    const paid = t(method === 'CASH' ? 'dashboard.paidCash' : 'dashboard.paidCard');
    source.confirm(order.id, method, register.id).then((confirmed) => {
      dispatch({ type: 'moved', id: order.id, stage: 'kitchen', now: now(), ticketNumber: confirmed.ticketNumber });
      const label = orderLabel({ ticketNumber: confirmed.ticketNumber, displayCode: order.displayCode });
      // The server says what will not print (`warnings`); an older one does not, and the register tells.
      const reasons = confirmed.warnings ?? [receiptProblem(register)].filter((reason) => reason !== null);
      const problems = reasons.map((reason) => texts.noReceipt(reason, register));
      // A receipt that is sent but cannot print yet: the cashier hands over the order without one, or waits.
      const printer = latest.current.printers.find((known) => known.id === register.printerId);
      if (reasons.length === 0 && printer && printer.status !== 'ONLINE') {
        problems.push(t('dashboard.receiptWaits', { printer: printer.name, status: texts.printerStatus(printer) }));
      }
      const done =
        register.id === null
          ? t('dashboard.confirmedNoRegister', { order: label, paid })
          : t('dashboard.confirmed', { order: label, paid, register: register.name });
      dispatch({
        type: 'message',
        // What went wrong first: on an 80-column line the end is what gets cut.
        message: [...problems, done].join(' · '),
        tone: problems.length > 0 ? 'warning' : 'info',
      });
    }, report);
  };

  const handleKey = (input: string, key: Key) => {
    const state = latest.current;
    if (state.mode === 'search') {
      if (key.escape) return dispatch({ type: 'mode', mode: 'board' });
      if (key.return) {
        dispatch({ type: 'mode', mode: 'board' });
        return dispatch({
          type: 'message',
          message: findOrder(state, state.search) ? '' : t('dashboard.noMatch', { text: state.search }),
        });
      }
      if (key.backspace || key.delete) return dispatch({ type: 'search', text: state.search.slice(0, -1) });
      if (input && !key.ctrl && !key.meta) return dispatch({ type: 'search', text: state.search + input });
      return;
    }
    // The count is typed like a search: letters (off) are text here, not keys.
    if (state.mode === 'stock') {
      const food = state.foods[state.foodCursor];
      if (key.escape || !food) return dispatch({ type: 'mode', mode: 'foods' });
      if (key.return) {
        const change = readStockChange(state.stockInput);
        if (!change)
          return dispatch({
            type: 'message',
            message: t('dashboard.notACount', { text: state.stockInput }),
            tone: 'warning',
          });
        dispatch({ type: 'mode', mode: 'foods' });
        source.setFoodStock(food.id, change).then((updated) => {
          dispatch({ type: 'food', food: updated });
          // The food's own count can be more than what is left: a counted ingredient runs out first.
          const own =
            updated.stock !== null && updated.stock !== updated.portionsLeft
              ? ` ${t('dashboard.ownCount', { count: updated.stock })}`
              : '';
          dispatch({ type: 'message', message: `${updated.name}: ${texts.left(updated.portionsLeft)}${own}` });
        }, report);
        return;
      }
      if (key.backspace || key.delete) return dispatch({ type: 'stock-input', text: state.stockInput.slice(0, -1) });
      if (/^[0-9+\-a-z]$/i.test(input) && !key.ctrl && !key.meta)
        return dispatch({ type: 'stock-input', text: state.stockInput + input });
      return;
    }
    if (input === 'q' || (key.ctrl && input === 'c')) return exit();
    if (state.mode === 'items') {
      if (key.escape || key.return || input === 'i') dispatch({ type: 'mode', mode: 'board' });
      return;
    }
    if (state.mode === 'register') {
      const choices = [...(state.registers ?? []), NO_REGISTER];
      if (key.escape) return dispatch({ type: 'mode', mode: 'board' });
      if (key.upArrow || input === 'k') return dispatch({ type: 'register-cursor', delta: -1 });
      if (key.downArrow || input === 'j') return dispatch({ type: 'register-cursor', delta: 1 });
      if (state.registers === null) return; // still loading: a key must not choose "no register" by accident
      const digit = /^[1-9]$/.test(input) ? Number(input) - 1 : null;
      const choice =
        digit !== null ? choices[digit] : key.return || input === ' ' ? choices[state.registerCursor] : undefined;
      if (!choice) return;
      dispatch({ type: 'choose-register', register: choice });
      const problem = receiptProblem(choice);
      const at = t('dashboard.confirmingAt', { register: texts.registerName(choice) });
      return dispatch({
        type: 'message',
        message: problem ? `${at}: ${texts.noReceipt(problem, choice)}` : at,
        tone: problem ? 'warning' : 'info',
      });
    }
    if (state.mode === 'pay') {
      // The order chosen when n was pressed, not whatever is selected now (another till may have moved the selection).
      const order = state.payingFor === null ? undefined : state.orders.get(state.payingFor);
      const method = input === 'c' ? 'CASH' : input === 'k' ? 'CARD' : null;
      if (key.escape) return dispatch({ type: 'mode', mode: 'board' });
      if (!method) return;
      dispatch({ type: 'mode', mode: 'board' });
      if (order?.stage !== 'pending') return dispatch({ type: 'message', message: t('dashboard.changedMeanwhile') });
      return confirmAt(order, method, state.register ?? NO_REGISTER);
    }
    if (state.mode === 'foods') {
      if (key.escape || input === 'f') return dispatch({ type: 'mode', mode: 'board' });
      if (key.upArrow || input === 'k') return dispatch({ type: 'food-cursor', delta: -1 });
      if (key.downArrow || input === 'j') return dispatch({ type: 'food-cursor', delta: 1 });
      const food = state.foods[state.foodCursor];
      if (food && (input === ' ' || key.return)) {
        return act(
          source.setFoodAvailable(food.id, !food.available),
          t(food.available ? 'dashboard.nowSoldOut' : 'dashboard.nowAvailable', { food: food.name }),
        );
      }
      // s asks for the count; typing a count (+50, 200, -3) starts it at once.
      if (food && (input === 's' || /^[0-9+-]$/.test(input))) {
        dispatch({ type: 'mode', mode: 'stock' });
        if (input !== 's') dispatch({ type: 'stock-input', text: input });
      }
      return;
    }
    if (key.leftArrow || input === 'h') return dispatch({ type: 'move', direction: 'left', now: now() });
    if (key.rightArrow || input === 'l') return dispatch({ type: 'move', direction: 'right', now: now() });
    if (key.upArrow || input === 'k') return dispatch({ type: 'move', direction: 'up', now: now() });
    if (key.downArrow || input === 'j') return dispatch({ type: 'move', direction: 'down', now: now() });
    if (input === 'f') {
      refreshFoods(); // foods added since the start show up
      return dispatch({ type: 'mode', mode: 'foods' });
    }
    if (input === '/') return dispatch({ type: 'mode', mode: 'search' });
    if (input === 't') return askRegister();
    const order = selectedOrder(state);
    if (!order) {
      if ('nbri'.includes(input) || key.return) dispatch({ type: 'message', message: t('dashboard.selectFirst') });
      return;
    }
    if (input === 'i' || key.return) {
      dispatch({ type: 'mode', mode: 'items' });
      source.details(order.id).then(
        (details) => dispatch({ type: 'items', details }),
        (error: unknown) => {
          dispatch({ type: 'mode', mode: 'board' });
          report(error);
        },
      );
      return;
    }
    if (input === 'n' || input === 'b') {
      // A pending order is confirmed with its payment, so the takings know whether it was cash or card, at a register,
      // so its receipt prints and the drawer opens. One that was confirmed before and moved back keeps its payment
      // and ticket: it just moves on.
      if (order.stage === 'pending' && order.confirmedAt === null && input === 'n') {
        if (state.register === null) return askRegister(order.id);
        dispatch({ type: 'mode', mode: 'pay', payingFor: order.id });
        // Said where the payment is asked: a confirmation here prints no receipt and opens no drawer.
        const problem = receiptProblem(state.register);
        return dispatch({
          type: 'message',
          message: problem ? texts.noReceipt(problem, state.register) : '',
          tone: problem ? 'warning' : 'info',
        });
      }
      const status = nextStatus(order, input === 'b' ? 'back' : 'next');
      if (status) moveOrder(order, status);
      return;
    }
    if (input === 'r') act(source.reprint(order.id), t('dashboard.reprinted', { order: orderLabel(order) }));
  };

  useInput(
    (input, key) => {
      // Keys typed quickly (or over a slow SSH link) can arrive as one chunk: take them one at a time.
      if (input.length > 1 && !key.ctrl && !key.meta && !key.escape) {
        for (const char of input)
          handleKey(char === '\r' || char === '\n' ? '' : char, { ...key, return: char === '\r' || char === '\n' });
        return;
      }
      handleKey(input, key);
    },
    { isActive: active },
  );

  // One row short of the terminal: a frame as tall as the terminal makes Ink clear the whole screen on every
  // render (a flash on terminals without synchronized output, and a wiped scroll-back).
  if (!active) return null;
  const height = Math.max(6, size.rows - 1);
  const bodyHeight = Math.max(4, height - 5 - (top ? 1 : 0));
  return (
    <Box flexDirection="column" width={size.columns} height={height}>
      {top}
      <Header
        connection={state.connection}
        figures={state.figures}
        now={clock}
        width={size.columns}
        timezone={state.timezone ?? undefined}
      />
      {state.mode === 'foods' || state.mode === 'stock' ? (
        <FoodPicker foods={state.foods} cursor={state.foodCursor} width={size.columns} height={bodyHeight} />
      ) : state.mode === 'register' ? (
        <RegisterPicker
          registers={state.registers}
          cursor={state.registerCursor}
          current={state.register}
          width={size.columns}
          height={bodyHeight}
        />
      ) : state.mode === 'items' ? (
        <ItemsView details={state.details} width={size.columns} height={bodyHeight} />
      ) : (
        <OrderBoard state={state} width={size.columns} height={bodyHeight} now={clock} lateMinutes={lateMinutes} />
      )}
      <PrintersPanel printers={state.printers} />
      <Text
        color={
          state.tone === 'error' || state.connection === 'offline'
            ? 'red'
            : state.tone === 'warning'
              ? 'yellow'
              : 'gray'
        }
        wrap="truncate-end"
      >
        {state.message || ' '}
      </Text>
      <Footer state={state} width={size.columns} />
    </Box>
  );
}
