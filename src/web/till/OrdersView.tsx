import { useCallback, useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import type { OrderDetail, OrderList } from '../../api/orders.js';
// ApiError from its own module: the client's index brings zod, which the page loads after its first paint.
import { ApiError } from '../../client/errors.js';
import type { PosClient } from '../../client/index.js';
import { counted, errorKey } from '../../i18n/translate.js';
import { useTexts } from '../shared/locale.js';
import { Tabs } from '../shared/Tabs.js';
import { ConfirmDialog } from './ConfirmDialog.js';
import { orderWho } from './order-words.js';
import { newKey } from './outbox.js';
import { PaymentDialog } from './PaymentDialog.js';
import { RefundDialog } from './RefundDialog.js';
import { shortagesIn } from './refusal.js';
import { shortageWords } from './RefusalText.js';

type ListedOrder = z.infer<typeof OrderList>['orders'][number];
type Detail = z.infer<typeof OrderDetail>;

/**
 * Today's orders of this register (the venue's business day, so an evening past midnight stays one list) and the
 * pending ones made elsewhere: search, open, confirm with payment (the cash dialog, change included), reprint the
 * receipt or the kitchen tickets, cancel (with a dialog).
 */
export function OrdersView(props: {
  client: PosClient;
  registerId: string;
  userId: string | null;
  onUnauthorized(): void;
  onClose(): void;
  refreshKey: number;
}) {
  const { t, money } = useTexts();
  const [tab, setTab] = useState<'today' | 'pending'>('today');
  const [search, setSearch] = useState('');
  const [orders, setOrders] = useState<ListedOrder[] | null>(null);
  const [open, setOpen] = useState<Detail | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const [refunding, setRefunding] = useState(false);
  const [paying, setPaying] = useState<'CASH' | 'CARD' | null>(null);
  // A pending order just paid: its numbers and the change, large, as at the till (the dialog is gone by then).
  const [paid, setPaid] = useState<{
    code: string;
    ticket: number | null;
    totalCents: number;
    changeCents: number | null;
  } | null>(null);
  const { client, onUnauthorized } = props;
  const detail = useRef<HTMLDivElement>(null);
  // On a phone the opened order sits below the whole list: bring it (and its buttons) on screen.
  useEffect(() => {
    detail.current?.scrollIntoView({ block: 'nearest' });
  }, [open?.id]);

  const failed = useCallback(
    (error: unknown) => {
      if (error instanceof ApiError && error.unauthorized) return onUnauthorized();
      const short = error instanceof ApiError ? shortagesIn(error.status, error.body) : [];
      const said = error instanceof ApiError ? t(errorKey(error.code)) : t('login.offline');
      const reason = short.length ? `${t('refusal.short')} ${shortageWords(t, short)}` : said;
      setMessage(t('orders.failed', { reason }));
    },
    [onUnauthorized, t],
  );

  const load = useCallback(async () => {
    try {
      const query =
        tab === 'pending'
          ? { status: ['PENDING'], limit: 100 }
          : { dateFrom: await dayStart(client), cashRegisterId: props.registerId, limit: 100 };
      setOrders((await client.orders({ ...query, ...(search.trim() ? { search: search.trim() } : {}) })).orders);
    } catch (error) {
      failed(error);
    }
  }, [client, tab, search, failed, props.registerId]);

  useEffect(() => {
    const timer = setTimeout(() => void load(), 150); // while typing a search: one request per pause
    return () => clearTimeout(timer);
  }, [load, props.refreshKey]);

  const openOrder = async (id: number) => {
    setMessage(null);
    try {
      setOpen(await client.order(id));
    } catch (error) {
      failed(error);
    }
  };

  const act = async <T,>(work: () => Promise<T>, done: (result: T) => string, after?: () => void) => {
    setMessage(null);
    try {
      setMessage(done(await work()));
      after?.();
      void load();
    } catch (error) {
      failed(error);
    }
  };

  const allItems = open ? open.categorizedItems.flatMap((group) => group.items) : [];
  // A paid order's cancellation gives back what its refunds have not: said before asking.
  const cancelQuestion = (order: Detail) => {
    const question = t('orders.cancelConfirm', { code: order.displayCode });
    if (order.confirmedAt === null || order.paymentMethod === null) return question;
    const amount = money(Math.max(0, order.total - order.refunded));
    return `${t(order.paymentMethod === 'CARD' ? 'refund.giveBackCard' : 'refund.giveBackCash', { amount })}. ${question}`;
  };
  return (
    <section className="panel orders" aria-label={t('orders.title')}>
      <div className="panel-head">
        <Tabs<'today' | 'pending'>
          label={t('orders.title')}
          tabs={[
            { id: 'today', label: t('orders.today') },
            { id: 'pending', label: t('orders.pending') },
          ]}
          selected={tab}
          onSelect={setTab}
        />
        <label className="search">
          {t('orders.search')}
          <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
        </label>
        <button className="big" onClick={props.onClose}>
          {t('orders.back')}
        </button>
      </div>
      {message && !open && !paid && (
        <p className="notice" role="status">
          {message}
        </p>
      )}
      {paid && (
        <section className="done" aria-label={t('done.title')}>
          <h1>
            {t('done.title')} {money(paid.totalCents)}
          </h1>
          {paid.changeCents !== null && paid.changeCents > 0 && (
            <p className="done-change" role="status" aria-label={t('pay.change')}>
              {t('pay.change')} <strong>{money(paid.changeCents)}</strong>
            </p>
          )}
          <div className="numbers">
            <p>
              {t('done.code')} <strong className="display-code">{paid.code}</strong>
            </p>
            <p>
              {t('done.ticket')} <strong className="ticket-number">{paid.ticket ?? '–'}</strong>
            </p>
          </div>
          <button className="big primary new-order" autoFocus onClick={() => setPaid(null)}>
            {t('orders.backToList')}
          </button>
        </section>
      )}
      <div className="orders-body" hidden={paid !== null}>
        <ul className="order-list">
          {orders?.length === 0 && <li>{t('orders.none')}</li>}
          {orders?.map((order) => (
            <li key={order.id}>
              <button
                className={open?.id === order.id ? 'order-row selected' : 'order-row'}
                onClick={() => void openOrder(order.id)}
              >
                <strong>{order.displayCode}</strong> {order.ticketNumber !== null && `#${order.ticketNumber}`} ·{' '}
                {orderWho(t, order) && `${orderWho(t, order)} · `}
                {money(order.total)} · {t(`status.${order.status}`)}
              </button>
            </li>
          ))}
        </ul>
        {open && (
          <div className="order-detail" role="region" aria-label={`${open.displayCode}`} ref={detail}>
            {/* What a tap on its buttons did, beside them: at the top of a long list it would go unseen. */}
            {message && (
              <p className="notice" role="status">
                {message}
              </p>
            )}
            <h2>
              {open.displayCode} {open.ticketNumber !== null && `#${open.ticketNumber}`}
              {orderWho(t, open) && ` · ${orderWho(t, open)}`}
            </h2>
            <ul>
              {allItems.map((item) => (
                <li key={item.id}>
                  {item.quantity} × {item.food.name} {item.notes && `(${item.notes})`} — {money(item.total)}
                  {item.refundedQuantity > 0 && (
                    <span className="refunded">
                      {' '}
                      · {t(counted('orders.refunded', item.refundedQuantity), { count: item.refundedQuantity })}
                    </span>
                  )}
                </li>
              ))}
            </ul>
            <p className="total">
              {t('order.total')} {money(open.total)} ·{' '}
              {t(`status.${open.status.toLowerCase() as ListedOrder['status']}`)}
              {open.paymentMethod && ` · ${t(open.paymentMethod === 'CASH' ? 'pay.cash' : 'pay.card')}`}
              {open.refunded > 0 && ` · ${t('orders.refundedTotal', { amount: money(open.refunded) })}`}
            </p>
            <div className="order-actions">
              {open.status === 'PENDING' ? (
                <>
                  <span>{t('orders.confirmWith')}:</span>
                  {(['CASH', 'CARD'] as const).map((method) => (
                    <button key={method} className="big primary" onClick={() => setPaying(method)}>
                      {t(method === 'CASH' ? 'pay.cash' : 'pay.card')}
                    </button>
                  ))}
                </>
              ) : (
                <>
                  <button
                    className="big"
                    onClick={() =>
                      void act(
                        () => client.reprintReceipt(open.id, { cashRegisterId: props.registerId }),
                        () => t('orders.receiptSent'),
                      )
                    }
                  >
                    {t('orders.reprintReceipt')}
                  </button>
                  <button
                    className="big"
                    onClick={() =>
                      void act(
                        () =>
                          client.reprint(open.id, {
                            orderItems: allItems.map((item) => ({ id: item.id })),
                            reprintReceipt: false,
                          }),
                        () => t('orders.kitchenSent'),
                      )
                    }
                  >
                    {t('orders.reprintKitchen')}
                  </button>
                  {open.paymentMethod !== null && open.refunded < open.total && (
                    <button className="big" onClick={() => setRefunding(true)}>
                      {t('orders.refund')}
                    </button>
                  )}
                </>
              )}
              <button className="big danger" onClick={() => setAsking(true)}>
                {t('orders.cancel')}
              </button>
            </div>
          </div>
        )}
      </div>
      {paying && open && (
        <PaymentDialog
          method={paying}
          totalCents={open.total}
          onBack={() => setPaying(null)}
          onConfirm={(received) => {
            const method = paying;
            const totalCents = open.total;
            setPaying(null);
            // One key per payment: a second tap or a retry after a lost answer confirms once.
            const key = newKey();
            void act(
              () =>
                client.confirmOrder(
                  open.id,
                  { paymentMethod: method, cashRegisterId: props.registerId, userId: props.userId },
                  key,
                ),
              (record) => {
                setPaid({
                  code: record.displayCode,
                  ticket: record.ticketNumber ?? null,
                  totalCents,
                  changeCents: received === null ? null : received - totalCents,
                });
                return t('orders.confirmed', { ticket: record.ticketNumber ?? '' });
              },
              () => {
                // Confirmed, it is no longer pending: today's list of this register is where it now is.
                setTab('today');
                void openOrder(open.id);
              },
            );
          }}
        />
      )}
      {refunding && open && (
        <RefundDialog
          order={open}
          onBack={() => setRefunding(false)}
          onConfirm={(choice) => {
            setRefunding(false);
            // One key per refund: a second tap or a retry after a lost answer refunds once.
            const key = newKey();
            void act(
              () => client.refundOrder(open.id, { ...choice, cashRegisterId: props.registerId }, key),
              (refund) => t('refund.done', { amount: money(refund.amount) }),
              // The refunded units on the lines, keeping the message of what to give back.
              () => void client.order(open.id).then(setOpen, failed),
            );
          }}
        />
      )}
      {asking && open && (
        <ConfirmDialog
          label={t('orders.cancel')}
          question={cancelQuestion(open)}
          keep={t('orders.cancelNo')}
          confirm={t('orders.cancelYes')}
          onKeep={() => setAsking(false)}
          onConfirm={() => {
            setAsking(false);
            void act(
              () => client.deleteOrder(open.id),
              () => t('orders.cancelled', { code: open.displayCode }),
              () => setOpen(null),
            );
          }}
        />
      )}
    </section>
  );
}

/** The start of the venue's business day (07:00 venue time, from /health); the tablet's own date if unreachable. */
let knownDayStart: { value: string; at: number } | null = null;
async function dayStart(client: PosClient): Promise<string> {
  if (knownDayStart && Date.now() - knownDayStart.at < 10 * 60_000) return knownDayStart.value;
  try {
    const health = await client.health();
    knownDayStart = { value: health.businessDayStart, at: Date.now() };
    return health.businessDayStart;
  } catch {
    const today = new Date();
    return `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
  }
}
