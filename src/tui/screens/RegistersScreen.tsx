import { useCallback, useEffect, useState } from 'react';
import type { z } from 'zod';
import type { CashRegister } from '../../api/cash-registers.js';
import type { Category } from '../../api/catalog.js';
import type { Printer } from '../../api/printers.js';
import { Form, type FieldValue, type FormField } from '../components/Form.js';
import { type ListRow, ResourceList } from '../components/ResourceList.js';
import { localRefusal } from '../form-errors.js';
import { useDashboardTexts } from '../texts.js';
import { useNotice } from './notice.js';
import type { ScreenProps } from './screen.js';

/**
 * 4 Registers: each with its receipt printer, whether it is in use and the categories its till shows (a bar: the
 * drinks; blank: all); add, edit, delete, space switches it.
 */
export function RegistersScreen({ client, width, height, active, onCapture }: ScreenProps) {
  const { t } = useDashboardTexts();
  const [registers, setRegisters] = useState<Array<z.infer<typeof CashRegister>> | null>(null);
  const [printers, setPrinters] = useState<Array<z.infer<typeof Printer>>>([]);
  const [categories, setCategories] = useState<Array<z.infer<typeof Category>>>([]);
  const [editing, setEditing] = useState<{ id: string | null } | null>(null);
  const [notice, say, fail] = useNotice();
  const load = useCallback(() => {
    Promise.all([client.cashRegisters(), client.printers(), client.list('/v1/categories')]).then(([list, p, c]) => {
      setRegisters(list);
      setPrinters(p);
      setCategories(c);
    }, fail);
  }, [client, fail]);
  useEffect(load, [load]);
  const edit = (next: { id: string | null } | null) => {
    setEditing(next);
    onCapture(next !== null);
  };
  const printerName = (id: string | null) =>
    id === null ? t('console.noPrinter') : (printers.find((p) => p.id === id)?.name ?? '?');
  const categoryNames = (ids: readonly string[] | null) =>
    ids === null ? '' : ids.map((id) => categories.find((c) => c.id === id)?.name ?? '?').join(', ');

  if (editing) {
    const register = registers?.find((each) => each.id === editing.id) ?? null;
    const fields: FormField[] = [
      { key: 'name', label: t('console.registers.name'), kind: 'text' },
      {
        key: 'defaultPrinterId',
        label: t('console.registers.printer'),
        kind: 'choice',
        choices: printers.map((p) => ({ value: p.id, label: p.name })),
      },
      { key: 'enabled', label: t('console.registers.enabled'), kind: 'switch' },
      {
        key: 'categories',
        label: t('console.registers.categories'),
        kind: 'text',
        hint: t('console.registers.categoriesHint'),
      },
    ];
    const initial: Record<string, FieldValue> = register
      ? {
          name: register.name,
          defaultPrinterId: register.defaultPrinterId ?? printers[0]?.id ?? null,
          enabled: register.enabled,
          categories: categoryNames(register.categoryIds),
        }
      : { name: '', defaultPrinterId: printers[0]?.id ?? null, enabled: true, categories: '' };
    const save = async (values: Record<string, FieldValue>) => {
      // Names as the committee knows them, any case; blank: every category.
      const names = String(values['categories'] ?? '')
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean);
      const byName = (name: string) => categories.find((c) => c.name.toLowerCase() === name.toLowerCase());
      const unknown = names.filter((name) => !byName(name));
      if (unknown.length > 0)
        throw localRefusal([
          { path: 'body.categories', message: t('console.registers.unknownCategory', { names: unknown.join(', ') }) },
        ]);
      const body = {
        name: String(values['name'] ?? ''),
        defaultPrinterId: String(values['defaultPrinterId'] ?? ''),
        enabled: values['enabled'] === true,
        categoryIds: names.length === 0 ? null : [...new Set(names.map((name) => byName(name)?.id as string))],
      };
      if (register) await client.replace('/v1/cash-registers', register.id, body);
      else await client.create('/v1/cash-registers', body);
      say(t('console.saved', { name: body.name }));
    };
    return (
      <Form
        key={editing.id ?? 'new'}
        title={register ? t('console.registers.edit', { name: register.name }) : t('console.registers.add')}
        fields={fields}
        initial={initial}
        save={save}
        onDone={() => {
          edit(null);
          load();
        }}
        width={width}
        height={height}
        active={active}
      />
    );
  }
  const rows: ListRow[] = (registers ?? []).map((register) => ({
    id: register.id,
    cells: [
      register.name,
      printerName(register.defaultPrinterId),
      register.enabled ? t('console.yes') : t('console.no'),
      register.categoryIds === null ? t('console.registers.allCategories') : categoryNames(register.categoryIds),
    ],
    ...(register.enabled ? {} : { tone: 'off' as const }),
  }));
  return (
    <ResourceList
      title={t('console.registers.title')}
      columns={[
        t('console.registers.name'),
        t('console.registers.printer'),
        t('console.registers.enabled'),
        t('console.registers.categories'),
      ]}
      rows={registers === null ? null : rows}
      onAdd={() => (printers.length === 0 ? say(t('console.registers.needPrinter'), 'warning') : edit({ id: null }))}
      onEdit={(id) => edit({ id })}
      onDelete={(id) => {
        const name = registers?.find((r) => r.id === id)?.name ?? '';
        client.remove('/v1/cash-registers', id).then(() => {
          say(t('console.deleted', { name }));
          load();
        }, fail);
      }}
      keys={{
        ' ': (id) => {
          const register = registers?.find((r) => r.id === id);
          if (register)
            client.patch('/v1/cash-registers', register.id, { enabled: !register.enabled }).then(load, fail);
        },
      }}
      help={t('console.keys.registers')}
      message={notice.message}
      tone={notice.tone}
      width={width}
      height={height}
      active={active}
      onCapture={onCapture}
    />
  );
}
