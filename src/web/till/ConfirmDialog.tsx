import { createPortal } from 'react-dom';

/**
 * A question before something that cannot be taken back (cancel an order, give up a refused one, log out): the way
 * back comes first and plain, the action second and red, both big. Drawn on the page's body, not where it is asked
 * from: inside the dark status line it took that line's white text onto its white card.
 */
export function ConfirmDialog(props: { label: string; question: string; keep: string; confirm: string; onKeep(): void; onConfirm(): void }) {
  return createPortal(
    <div className="overlay">
      <div className="dialog" role="alertdialog" aria-modal="true" aria-label={props.label}>
        <p>{props.question}</p>
        <div className="dialog-actions">
          <button className="big" onClick={props.onKeep}>{props.keep}</button>
          <button className="big danger" onClick={props.onConfirm}>{props.confirm}</button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
