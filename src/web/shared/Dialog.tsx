import { useEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/**
 * The one dialog of the browser apps: a native `<dialog>` opened as modal, so the browser keeps focus inside it and
 * the page behind inert; Escape closes it (`onClose`, the same as its way back); its first control has the focus
 * when it opens, so a keyboard or a screen reader starts inside it. Drawn on the page's body, not where it is
 * asked from: inside the dark status line it took that line's white text onto its white card.
 * Component test: src/web/shared/Dialog.test.tsx.
 */
export function Dialog(props: {
  label: string;
  role?: 'dialog' | 'alertdialog';
  className?: string;
  onClose(): void;
  children: ReactNode;
}) {
  const { label, role = 'dialog', className = '', children } = props;
  const ref = useRef<HTMLDialogElement>(null);
  const onClose = useRef(props.onClose);
  onClose.current = props.onClose;
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    const first = dialog.querySelector<HTMLElement>(
      '[autofocus], button:not(:disabled), input, select, textarea, [tabindex]:not([tabindex="-1"])',
    );
    first?.focus();
    return () => {
      if (dialog.open && typeof dialog.close === 'function') dialog.close();
    };
  }, []);
  return createPortal(
    <dialog
      ref={ref}
      className={`dialog ${className}`.trim()}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-modal="true"
      aria-label={label}
      onCancel={(event) => {
        // The browser's own Escape: closed by its owner, so what React draws and what is open agree.
        event.preventDefault();
        onClose.current();
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        event.stopPropagation();
        onClose.current();
      }}
    >
      {children}
    </dialog>,
    document.body,
  );
}
