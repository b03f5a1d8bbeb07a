import { type ComponentType, type ReactElement, useEffect, useState } from 'react';

// What is not part of the till's first paint comes in chunks of its own, fetched as soon as the page has loaded, so
// each is there before a cashier opens it: the orders list and the outbox (second screens), what a cashier opens now
// and then (the payment, a food's choices, the drawer's dialogs, the question before logging out), the screen after
// a sale, and the cart scanner's row. The first paint carries only the login, the menu and the order.
// docs/performance.md has the till's first download.

/** Their styles, one file (later.css): in place before any of them shows. */
const styles = () => import('./later.css');
const loads: (() => Promise<unknown>)[] = [styles];

interface Part<P> {
  component: ComponentType<P> | null;
  fetch(): Promise<void>;
}

/**
 * A part whose code loads after the first paint. Once its chunk and styles are there (fetched at the page's load)
 * it renders at once, as if it were in the first download; before that it shows nothing until they come.
 */
function Later<P extends object>({ part, props }: { part: Part<P>; props: P }) {
  const [, loaded] = useState(false);
  useEffect(() => {
    if (!part.component)
      part.fetch().then(
        () => loaded(true),
        () => undefined,
      );
  }, [part]);
  const Loaded = part.component;
  return Loaded ? <Loaded {...props} /> : null;
}

function later<P extends object>(load: () => Promise<ComponentType<P>>): (props: P) => ReactElement {
  let ready: Promise<void> | null = null;
  const part: Part<P> = {
    component: null,
    fetch() {
      ready ??= Promise.all([load(), styles()]).then(
        ([loaded]) => {
          part.component = loaded;
        },
        (error: unknown) => {
          ready = null; // the next time it is opened asks again
          throw error;
        },
      );
      return ready;
    },
  };
  loads.push(part.fetch);
  return (props) => <Later part={part} props={props} />;
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
