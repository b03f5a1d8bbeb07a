import { type ComponentProps, lazy, Suspense } from 'react';
import type { OrdersView as Orders } from './OrdersView.js';
import type { OutboxPanel as Outbox } from './OutboxPanel.js';

// The orders list and the outbox are second screens, not part of the till's first paint: their code (about 3 KB over
// the Wi-Fi) comes in chunks of its own, fetched as soon as the page has loaded, so it is there before a cashier
// opens either. docs/performance.md has the till's first download.
const loadOrders = () => import('./OrdersView.js');
const loadOutbox = () => import('./OutboxPanel.js');
const LoadedOrders = lazy(() => loadOrders().then((module) => ({ default: module.OrdersView })));
const LoadedOutbox = lazy(() => loadOutbox().then((module) => ({ default: module.OutboxPanel })));
if (typeof window !== 'undefined') {
  window.addEventListener('load', () => void Promise.all([loadOrders(), loadOutbox()]), { once: true });
}

export function OrdersView(props: ComponentProps<typeof Orders>) {
  return (
    <Suspense fallback={null}>
      <LoadedOrders {...props} />
    </Suspense>
  );
}

export function OutboxPanel(props: ComponentProps<typeof Outbox>) {
  return (
    <Suspense fallback={null}>
      <LoadedOutbox {...props} />
    </Suspense>
  );
}
