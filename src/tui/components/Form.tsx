import { Box, type Key, useInput } from 'ink';
import { Text } from './Text.js';
import { useReducer, useRef, useState } from 'react';
import { fit } from '../format.js';
import { type FormErrors, formErrors } from '../form-errors.js';
import { eachKey } from '../keys.js';
import { useDashboardTexts } from '../texts.js';

export type FieldValue = string | boolean | null;

/** One field: typed text, one of a few choices (← → or space), or a switch (space). */
export interface FormField {
  /** The value's key, also the field of the request body the server's `details[].path` names. */
  key: string;
  label: string;
  kind: 'text' | 'choice' | 'switch';
  choices?: Array<{ value: string | null; label: string }>;
  /** Said beside the field while it has no error (`4,50`, `9100`). */
  hint?: string;
  /** Typed text shown as dots (a password: the laptop's screen is seen by whoever stands behind it). */
  secret?: boolean;
}

export interface FormProps {
  title: string;
  fields: FormField[];
  initial: Record<string, FieldValue>;
  /** Sends the form; a refusal (ApiError with details) is shown beside its fields and the form stays open. */
  save(values: Record<string, FieldValue>): Promise<void>;
  /** After a save (true) or Esc (false). */
  onDone(saved: boolean): void;
  width: number;
  height: number;
  active?: boolean;
}

/**
 * A form of the console: Tab or ↓ to the next field, Shift-Tab or ↑ back, Enter on the last field or Ctrl-S saves,
 * Esc cancels. What the server refuses shows beside the field it is about, in the console's language.
 */
export function Form({ title, fields, initial, save, onDone, width, height, active = true }: FormProps) {
  const { t, said } = useDashboardTexts();
  // Kept in refs as well as drawn: the keys of one chunk (typed fast, pasted) each see what the one before did.
  const valuesRef = useRef(initial);
  const cursorRef = useRef(0);
  const [, redraw] = useReducer((count: number) => count + 1, 0);
  const values = valuesRef.current;
  const cursor = cursorRef.current;
  const setCursor = (move: (at: number) => number) => {
    cursorRef.current = move(cursorRef.current);
    redraw();
  };
  const [errors, setErrors] = useState<FormErrors>({ fields: {}, general: null });
  const [saving, setSaving] = useState(false);

  const submit = (current: Record<string, FieldValue>) => {
    setSaving(true);
    save(current).then(
      () => onDone(true),
      (error: unknown) => {
        setSaving(false);
        const found = formErrors(
          error,
          fields.map((each) => each.key),
        );
        setErrors(found);
        // The cursor goes to the first field the server refused.
        const first = fields.findIndex((each) => each.key in found.fields);
        if (first !== -1) setCursor(() => first);
      },
    );
  };
  const set = (key: string, value: FieldValue) => {
    valuesRef.current = { ...valuesRef.current, [key]: value };
    redraw();
    setErrors((old) => {
      const { [key]: _gone, ...rest } = old.fields;
      return { ...old, fields: rest };
    });
  };

  const onKey = (input: string, key: Key) => {
    const cursor = cursorRef.current;
    const values = valuesRef.current;
    const field = fields[cursor];
    if (saving || !field) return;
    if (key.escape) return onDone(false);
    if ((key.ctrl && input === 's') || (key.return && cursor === fields.length - 1)) return submit(values);
    if ((key.tab && key.shift) || key.upArrow) return setCursor((at) => Math.max(0, at - 1));
    if (key.tab || key.downArrow || key.return) return setCursor((at) => Math.min(fields.length - 1, at + 1));
    const value = values[field.key] ?? null;
    if (field.kind === 'switch') {
      if (input === ' ' || key.leftArrow || key.rightArrow) set(field.key, !value);
      return;
    }
    if (field.kind === 'choice') {
      const choices = field.choices ?? [];
      if (choices.length === 0) return;
      const at = Math.max(
        0,
        choices.findIndex((choice) => choice.value === value),
      );
      const step = key.leftArrow ? -1 : input === ' ' || key.rightArrow ? 1 : 0;
      if (step !== 0) set(field.key, choices[(at + step + choices.length) % choices.length]?.value ?? null);
      return;
    }
    const text = typeof value === 'string' ? value : '';
    if (key.backspace || key.delete) return set(field.key, text.slice(0, -1));
    if (input && !key.ctrl && !key.meta) set(field.key, text + input);
  };
  useInput(eachKey(onKey), { isActive: active });

  // Labels in a column up to about half the terminal (a count's label carries the expected cash), never touching
  // their values: a label longer still is cut, and a space always follows it.
  const labelWidth = Math.min(
    Math.max(...fields.map((each) => each.label.length)) + 1,
    Math.max(28, Math.floor(width * 0.45)),
  );
  const shown = (each: FormField): string => {
    const value = values[each.key] ?? null;
    if (each.kind === 'switch') return value ? `[x] ${t('console.yes')}` : `[ ] ${t('console.no')}`;
    if (each.kind === 'choice') return `‹ ${each.choices?.find((choice) => choice.value === value)?.label ?? '–'} ›`;
    const text = typeof value === 'string' ? value : '';
    return each.secret ? '•'.repeat([...text].length) : text;
  };
  return (
    <Box flexDirection="column" height={height}>
      <Text bold color="cyan">
        {fit(title, width - 1)}
      </Text>
      {fields.slice(0, Math.max(1, height - 3)).map((each, index) => {
        const here = index === cursor;
        const error = errors.fields[each.key];
        const value = shown(each);
        const beside = error ? `  ✗ ${said(error)}` : here && each.hint ? `  ${each.hint}` : '';
        return (
          <Text key={each.key} wrap="truncate-end">
            <Text bold={here}>{`${here ? '›' : ' '} ${fit(each.label, labelWidth - 1)} `}</Text>
            <Text inverse={here}>
              {value}
              {here && each.kind === 'text' ? ' ' : ''}
            </Text>
            <Text color={error ? 'red' : 'gray'}>{beside}</Text>
          </Text>
        );
      })}
      <Text color={errors.general ? 'red' : 'gray'} wrap="truncate-end">
        {saving ? t('console.saving') : errors.general ? `✗ ${said(errors.general)}` : ' '}
      </Text>
      <Text color="gray" wrap="truncate-end">
        {t('console.keys.form').length < width ? t('console.keys.form') : t('console.keys.formShort')}
      </Text>
    </Box>
  );
}
