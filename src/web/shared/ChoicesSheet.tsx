import { useState } from 'react';
import { unitPriceWithChoices } from '../../api/pricing.js';
import { groupDone, groupHint, toggleChoice } from './choices.js';
import { Dialog } from './Dialog.js';
import { useTexts } from './locale.js';

/**
 * A group as the sheet shows it: the till's catalog group, or the public menu's (whose options never name a
 * course's food: `foodId` absent).
 */
export interface SheetGroup {
  id: string;
  name: string;
  min: number;
  max: number;
  options: ReadonlyArray<{ id: string; name: string; priceDelta: number; available: boolean; foodId?: string | null }>;
}

/** An option the sheet hands back (the till's cart keeps it as is). */
export interface SheetChoice {
  id: string;
  name: string;
  priceDeltaCents: number;
  foodId: string | null;
}

/**
 * The sheet a food with choices opens: its groups in order, each option a big toggle with its price change, the
 * required groups marked. "Add" names the unit price and stays off until every group has its minimum. An option
 * the kitchen cannot make (switched off, or a component sold out) is shown but cannot be chosen.
 * The till and the customers' menu page open the same sheet. Component test: ChoicesSheet.test.tsx.
 */
export function ChoicesSheet(props: {
  food: { id: string; name: string; priceCents: number; choices: readonly SheetGroup[] };
  /** Whether a component's food can be ordered now (on the menu, not sold out); the till's own count. */
  orderable?(foodId: string): boolean;
  onBack(): void;
  onAdd(choices: SheetChoice[]): void;
}) {
  const { t, money } = useTexts();
  const { food } = props;
  const [picked, setPicked] = useState<string[]>([]);
  const chosen = food.choices.flatMap((group) => group.options.filter((option) => picked.includes(option.id)));
  const unit = unitPriceWithChoices(
    food.priceCents,
    chosen.map((option) => option.priceDelta),
  );
  const ready = food.choices.every((group) => groupDone(group, picked));
  const delta = (cents: number) => (cents === 0 ? '' : `${cents > 0 ? '+' : '−'}${money(Math.abs(cents))}`);
  return (
    <Dialog label={t('choices.title', { food: food.name })} className="choices-sheet" onClose={props.onBack}>
      <h2>{food.name}</h2>
      {food.choices.map((group) => {
        const hint = groupHint(group);
        return (
          <fieldset key={group.id} className={groupDone(group, picked) ? 'choice-group' : 'choice-group missing'}>
            <legend>
              {group.name}
              {group.min > 0 && <span className="required"> · {t('choices.required')}</span>}
              <span className="hint"> · {t(hint.key, hint.values)}</span>
            </legend>
            <div className="choice-options">
              {group.options.map((option) => {
                const component = option.foodId ?? null;
                const can = option.available && (component === null || (props.orderable?.(component) ?? true));
                const on = picked.includes(option.id);
                return (
                  <button
                    key={option.id}
                    type="button"
                    className={on ? 'choice on' : 'choice'}
                    aria-pressed={on}
                    disabled={!can}
                    onClick={() => setPicked(toggleChoice(group, picked, option.id))}
                  >
                    <span className="choice-name">{option.name}</span>
                    {option.priceDelta !== 0 && <span className="choice-delta"> {delta(option.priceDelta)}</span>}
                    {!can && <span className="choice-delta"> · {t('food.soldOut')}</span>}
                  </button>
                );
              })}
            </div>
          </fieldset>
        );
      })}
      <div className="dialog-actions">
        <button type="button" className="big" onClick={props.onBack}>
          {t('pay.back')}
        </button>
        <button
          type="button"
          className="big primary"
          disabled={!ready}
          onClick={() =>
            props.onAdd(
              chosen.map((option) => ({
                id: option.id,
                name: option.name,
                priceDeltaCents: option.priceDelta,
                foodId: option.foodId ?? null,
              })),
            )
          }
        >
          {t('choices.add', { amount: money(unit) })}
        </button>
      </div>
    </Dialog>
  );
}
