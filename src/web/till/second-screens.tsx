import { type ComponentType, lazy, type ReactElement, Suspense } from 'react';

// What is not part of the till's first paint comes in chunks of its own, fetched as soon as the page has loaded, so
// each is there before a cashier opens it: the orders list and the outbox (second screens), what a cashier opens now
// and then (the payment, a food's choices, the drawer's dialogs, the question before logging out), the screen after
// a sale, and the cart scanner's row. The first paint carries only the login, the menu and the order.
// docs/performance.md has the till's first download.

const loads: (() => Promise<unknown>)[] = [];

/** A component whose code loads after the first paint; it shows nothing until its chunk is there. */
function later<P extends object>(load: () => Promise<ComponentType<P>>): (props: P) => ReactElement {
  loads.push(load);
  const Loaded = lazy(() => load().then((component) => ({ default: component })));
  return (props) => (
    <Suspense fallback={null}>
      <Loaded {...props} />
    </Suspense>
  );
}

export const OrdersView = later(() => import('./OrdersView.js').then((module) => module.OrdersView));
export const OutboxPanel = later(() => import('./OutboxPanel.js').then((module) => module.OutboxPanel));
export const PaymentDialog = later(() => import('./PaymentDialog.js').then((module) => module.PaymentDialog));
export const DoneScreen = later(() => import('./DoneScreen.js').then((module) => module.DoneScreen));
export const ConfirmDialog = later(() => import('./ConfirmDialog.js').then((module) => module.ConfirmDialog));
export const ChoicesSheet = later(() => import('../shared/ChoicesSheet.js').then((module) => module.ChoicesSheet));
export const DrawerOpenDialog = later(() => import('./DrawerOpenDialog.js').then((module) => module.DrawerOpenDialog));
export const DrawerCloseDialog = later(() =>
  import('./DrawerCloseDialog.js').then((module) => module.DrawerCloseDialog),
);
export const ScanCart = later(() => import('./ScanCart.js').then((module) => module.ScanCart));

if (typeof window !== 'undefined') {
  window.addEventListener('load', () => void Promise.all(loads.map((load) => load())), { once: true });
}
