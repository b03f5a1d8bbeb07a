import { type ComponentProps, lazy, Suspense } from 'react';
import type { OrdersView as Orders } from './OrdersView.js';
import type { OutboxPanel as Outbox } from './OutboxPanel.js';
import type { ChoicesSheet as Choices } from '../shared/ChoicesSheet.js';
import type { DrawerCloseDialog as DrawerClose } from './DrawerCloseDialog.js';
import type { DrawerOpenDialog as DrawerOpen } from './DrawerOpenDialog.js';
import type { ScanCart as Scan } from './ScanCart.js';

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

// The same for what a cashier opens now and then (a food's choices, the drawer's dialogs) and the cart scanner's
// row: fetched once the page has loaded, so the first paint carries only the menu and the order.
const loadChoices = () => import('../shared/ChoicesSheet.js');
const loadDrawerOpen = () => import('./DrawerOpenDialog.js');
const loadDrawerClose = () => import('./DrawerCloseDialog.js');
const loadScanCart = () => import('./ScanCart.js');
const LoadedChoices = lazy(() => loadChoices().then((module) => ({ default: module.ChoicesSheet })));
const LoadedDrawerOpen = lazy(() => loadDrawerOpen().then((module) => ({ default: module.DrawerOpenDialog })));
const LoadedDrawerClose = lazy(() => loadDrawerClose().then((module) => ({ default: module.DrawerCloseDialog })));
const LoadedScanCart = lazy(() => loadScanCart().then((module) => ({ default: module.ScanCart })));
if (typeof window !== 'undefined') {
  window.addEventListener(
    'load',
    () => void Promise.all([loadChoices(), loadDrawerOpen(), loadDrawerClose(), loadScanCart()]),
    { once: true },
  );
}

export function ChoicesSheet(props: ComponentProps<typeof Choices>) {
  return (
    <Suspense fallback={null}>
      <LoadedChoices {...props} />
    </Suspense>
  );
}

export function DrawerOpenDialog(props: ComponentProps<typeof DrawerOpen>) {
  return (
    <Suspense fallback={null}>
      <LoadedDrawerOpen {...props} />
    </Suspense>
  );
}

export function DrawerCloseDialog(props: ComponentProps<typeof DrawerClose>) {
  return (
    <Suspense fallback={null}>
      <LoadedDrawerClose {...props} />
    </Suspense>
  );
}

export function ScanCart(props: ComponentProps<typeof Scan>) {
  return (
    <Suspense fallback={null}>
      <LoadedScanCart {...props} />
    </Suspense>
  );
}
