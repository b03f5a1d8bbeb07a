import { Dialog } from '../shared/Dialog.js';

/**
 * A question before something that cannot be taken back (cancel an order, give up a refused one, log out): the way
 * back comes first and plain (it has the focus, and Escape takes it), the action second and red, both big.
 */
export function ConfirmDialog(props: {
  label: string;
  question: string;
  keep: string;
  confirm: string;
  onKeep(): void;
  onConfirm(): void;
}) {
  return (
    <Dialog label={props.label} role="alertdialog" onClose={props.onKeep}>
      <p>{props.question}</p>
      <div className="dialog-actions">
        <button className="big" onClick={props.onKeep}>
          {props.keep}
        </button>
        <button className="big danger" onClick={props.onConfirm}>
          {props.confirm}
        </button>
      </div>
    </Dialog>
  );
}
