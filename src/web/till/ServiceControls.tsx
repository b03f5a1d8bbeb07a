import { useTexts } from '../shared/locale.js';
import type { CartService, RoleFoods } from './cart.js';

// Covers and takeaway in the order panel (docs/till.md): a big switch for takeaway, and, at a table, a stepper for
// the covers and one for the children among them (who eat free). Shown only where the venue sells a cover or a
// takeaway fee.

const MAX_COVERS = 99;

function Stepper({
  label,
  value,
  max,
  onValue,
}: {
  label: string;
  value: number;
  max: number;
  onValue(value: number): void;
}) {
  const { t } = useTexts();
  return (
    <div className="stepper" role="group" aria-label={label}>
      <span className="stepper-label">{label}</span>
      <button
        className="qty"
        aria-label={t('order.stepDown', { what: label })}
        disabled={value <= 0}
        onClick={() => onValue(Math.max(0, value - 1))}
      >
        −
      </button>
      <output className="stepper-value" aria-label={label}>
        {value}
      </output>
      <button
        className="qty"
        aria-label={t('order.stepUp', { what: label })}
        disabled={value >= max}
        onClick={() => onValue(Math.min(max, value + 1))}
      >
        +
      </button>
    </div>
  );
}

export function ServiceControls({
  service,
  roles,
  onChange,
}: {
  service: CartService;
  roles: RoleFoods;
  onChange(service: CartService): void;
}) {
  const { t } = useTexts();
  if (!roles.cover && !roles.takeawayFee) return null;
  return (
    <div className="service">
      <button
        className="takeaway-switch"
        role="switch"
        aria-checked={service.takeaway}
        // Taken away, nobody sits: the covers go back to 0 (the server refuses covers on a takeaway).
        onClick={() => onChange({ covers: 0, children: 0, takeaway: !service.takeaway })}
      >
        {t('order.takeaway')}
      </button>
      {!service.takeaway && roles.cover && (
        <>
          <Stepper
            label={t('order.covers')}
            value={service.covers}
            max={MAX_COVERS}
            onValue={(covers) => onChange({ ...service, covers, children: Math.min(service.children, covers) })}
          />
          <Stepper
            label={t('order.children')}
            value={service.children}
            max={service.covers}
            onValue={(children) => onChange({ ...service, children })}
          />
        </>
      )}
    </div>
  );
}
