import './test-dom.js';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import t from 'tap';
import { ConfirmDialog } from '../till/ConfirmDialog.js';
import { Dialog } from './Dialog.js';

t.afterEach(() => cleanup());

t.test('a native modal dialog, named, its first control focused', async (t) => {
  render(
    <Dialog label="Cash" onClose={() => undefined}>
      <button>Back</button>
      <button>Confirm cash payment</button>
    </Dialog>,
  );
  const dialog = screen.getByRole('dialog', { name: 'Cash' });
  t.equal(dialog.tagName, 'DIALOG', 'the browser keeps the focus inside a modal <dialog> and the page behind inert');
  t.ok((dialog as HTMLDialogElement).open, 'opened');
  t.equal(dialog.getAttribute('aria-modal'), 'true');
  t.equal(document.activeElement, screen.getByRole('button', { name: 'Back' }), 'the first control has the focus');
  t.equal(
    dialog.parentElement,
    document.body,
    'drawn on the body, away from the dark status line it may be asked from',
  );
});

t.test('Escape closes it the way back does', async (t) => {
  let closed = 0;
  render(
    <Dialog label="Cash" onClose={() => closed++}>
      <input aria-label="Amount" />
    </Dialog>,
  );
  fireEvent.keyDown(screen.getByLabelText('Amount'), { key: 'Escape' });
  t.equal(closed, 1, 'once');
  fireEvent.keyDown(screen.getByLabelText('Amount'), { key: 'Enter' });
  t.equal(closed, 1, 'other keys do nothing');
});

t.test('a question before what cannot be taken back: an alertdialog, the way back first and focused', async (t) => {
  let kept = 0;
  let confirmed = 0;
  render(
    <ConfirmDialog
      label="Log out"
      question="Log out anna?"
      keep="No, stay"
      confirm="Yes, log out"
      onKeep={() => kept++}
      onConfirm={() => confirmed++}
    />,
  );
  const dialog = screen.getByRole('alertdialog', { name: 'Log out' });
  t.match(dialog.textContent, /Log out anna\?/);
  t.equal(
    document.activeElement,
    screen.getByRole('button', { name: 'No, stay' }),
    'a stray Enter keeps the cashier logged in',
  );
  fireEvent.keyDown(dialog, { key: 'Escape' });
  t.same([kept, confirmed], [1, 0]);
  fireEvent.click(screen.getByRole('button', { name: 'Yes, log out' }));
  t.same([kept, confirmed], [1, 1]);
});
