import type { Printer } from '../../api/printers.js';
import type { MessageKey } from '../../i18n/translate.js';
import { useTexts } from '../shared/locale.js';
import { LanguageSwitch } from './LanguageSwitch.js';
import { LogoutButton } from './LogoutButton.js';
import type { Connection } from './use-live.js';

export type PrinterState = Pick<Printer, 'id' | 'name' | 'status' | 'statusReason'>;

/** What the volunteer goes to fix: "Cucina: out of paper" when the printer said why, else what its status says. */
function problemKey(printer: PrinterState): MessageKey {
  if (printer.status !== 'ERROR') return 'status.printer.OFFLINE';
  return printer.statusReason ? `status.printer.${printer.statusReason}` : 'status.printer.ERROR';
}

/** Connection, what waits on the tablet, printers with a problem, who and which register. */
export function StatusLine(props: {
  connection: Connection;
  /** null until the outbox is read from the tablet's storage. */
  waiting: number | null;
  printers: PrinterState[];
  username: string;
  register: string;
  onOutbox(): void;
  onOrders(): void;
  /** The drawer: opens it with a float, or counts and closes it. */
  onDrawer?(): void;
  onChangeRegister(): void;
  onLogout(): void;
}) {
  const { t } = useTexts();
  const problems = props.printers.filter((printer) => printer.status !== 'ONLINE');
  return (
    <header className="status-line">
      <span className={`connection ${props.connection}`} role="status">
        {t(`status.${props.connection}`)}
      </span>
      {props.waiting !== null && (
        <button className={props.waiting ? 'chip warn' : 'chip'} onClick={props.onOutbox}>
          {t('status.outbox', { count: props.waiting })}
        </button>
      )}
      {problems.map((printer) => (
        <span key={printer.id} className="chip alert" role="alert">
          {t(problemKey(printer), { name: printer.name })}
        </span>
      ))}
      <span className="spacer" />
      <button className="chip" onClick={props.onOrders}>
        {t('orders.title')}
      </button>
      {props.onDrawer && (
        <button className="chip" onClick={props.onDrawer}>
          {t('drawer.button')}
        </button>
      )}
      <button
        className="chip"
        onClick={props.onChangeRegister}
        aria-label={`${t('register.change')}: ${props.register}`}
      >
        {props.register}
      </button>
      <LanguageSwitch />
      <span className="user">{props.username}</span>
      <LogoutButton username={props.username} onLogout={props.onLogout} />
    </header>
  );
}
