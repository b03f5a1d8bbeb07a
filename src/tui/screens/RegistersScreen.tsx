import { useCallback, useEffect, useState } from 'react';
import type { z } from 'zod';
import type { CashRegister } from '../../api/cash-registers.js';
import type { Category } from '../../api/catalog.js';
import type { CashSessionRecord } from '../../api/cash-sessions.js';
import { parseAmount } from '../../i18n/index.js';
import type { Printer } from '../../api/printers.js';
import { Form, type FieldValue, type FormField } from '../components/Form.js';
import { type ListRow, ResourceList } from '../components/ResourceList.js';
import { localRefusal } from '../form-errors.js';
import { useDashboardTexts } from '../texts.js';
import { useNotice } from './notice.js';
import type { ScreenProps } from './screen.js';

/** How often the list reads the drawers again while it is on screen. */
const DRAWER_REFRESH_MS = 5000;

/**
 * 4 Registers: each with its receipt printer, whether it is in use, the categories its till shows (a bar: the drinks;
 * blank: all) and its drawer (the open cash session: who, the float, the cash expected so far); add, edit, delete,
 * space switches it, `o` opens a drawer, `c` counts and closes it.
 */
export function RegistersScreen({ client, width, height, active, onCapture }: ScreenProps) {
  const { t, amount, printerStatus } = useDashboardTexts();
  const [registers, setRegisters] = useState<Array<z.infer<typeof CashRegister>> | null>(null);
  const [printers, setPrinters] = useState<Array<z.infer<typeof Printer>>>([]);
  /** Where the list's cursor is, kept across the forms opened from it (space acts on that row). */
  const [selected, setSelected] = useState<string | null>(null);
  const [categories, setCategories] = useState<Array<z.infer<typeof Category>>>([]);
  const [drawers, setDrawers] = useState<Map<string, CashSessionRecord>>(new Map());
  const [editing, setEditing] = useState<{ id: string | null; form?: 'open' | 'close' } | null>(null);
  const [notice, say, fail] = useNotice();
  const load = useCallback(() => {
    Promise.all([client.cashRegisters(), client.printers(), client.list('/v1/categories')]).then(
      async ([list, p, c]) => {
        // Each register's open session, if any: what its drawer should hold so far. A read that fails (the Wi-Fi, a
        // busy server) keeps what the screen showed: an open drawer must not look closed until the next read.
        const read = await Promise.all(
          list.map(async (register) => {
            try {
              const sessions = await client.cashSessions(register.id);
              return { id: register.id, open: sessions.find((session) => session.status === 'open') ?? null };
            } catch {
              return { id: register.id, open: undefined };
            }
          }),
        );
        setDrawers(
          (shown) =>
            new Map(
              read.flatMap(({ id, open }) => {
                const drawer = open === undefined ? shown.get(id) : open;
                return drawer ? [[id, drawer] as const] : [];
              }),
            ),
        );
        setRegisters(list);
        setPrinters(p);
        setCategories(c);
      },
      fail,
    );
  }, [client, fail]);
  useEffect(load, [load]);
  // The drawers' expected cash moves with every sale: read again while the list is on screen.
  useEffect(() => {
    if (!active || editing) return;
    const timer = setInterval(load, DRAWER_REFRESH_MS);
    return () => clearInterval(timer);
  }, [active, editing, load]);
  const edit = (next: { id: string | null; form?: 'open' | 'close' } | null) => {
    setEditing(next);
    onCapture(next !== null);
  };
  /**
   * An amount typed in a form field (`100`, `100,50`), in cents; a refusal beside the field when it is not one. Left
   * blank, it is none (`optional`), nothing (`zero`: a float), or refused (`required`: a count, since a close cannot be
   * undone and a blank count would close the drawer at zero).
   */
  const cents = (
    values: Record<string, FieldValue>,
    key: string,
    blank: 'optional' | 'zero' | 'required',
  ): number | undefined => {
    const text = String(values[key] ?? '').trim();
    if (text === '' && blank === 'optional') return undefined;
    if (text === '' && blank === 'required')
      throw localRefusal([{ path: `body.${key}`, message: t('console.registers.countRequired') }]);
    const value = parseAmount(text);
    if (value === null) throw localRefusal([{ path: `body.${key}`, message: t('console.registers.notAmount') }]);
    return value;
  };
  const printerName = (id: string | null) =>
    id === null ? t('console.noPrinter') : (printers.find((p) => p.id === id)?.name ?? '?');
  const categoryNames = (ids: readonly string[] | null) =>
    ids === null ? '' : ids.map((id) => categories.find((c) => c.id === id)?.name ?? '?').join(', ');

  const drawerRegister = editing?.form ? (registers?.find((each) => each.id === editing.id) ?? null) : null;
  if (editing?.form && drawerRegister) {
    const opening = editing.form === 'open';
    const drawer = drawers.get(drawerRegister.id);
    const fields: FormField[] = opening
      ? [{ key: 'float', label: t('console.registers.float'), kind: 'text', hint: t('console.registers.amountHint') }]
      : [
          {
            key: 'counted',
            label: t('console.registers.counted', { expected: amount(drawer?.expectedCash ?? 0) }),
            kind: 'text',
            hint: t('console.registers.amountHint'),
          },
          { key: 'cardTerminalTotal', label: t('console.registers.cardTotal'), kind: 'text' },
          { key: 'note', label: t('console.registers.note'), kind: 'text' },
        ];
    const save = async (values: Record<string, FieldValue>) => {
      if (opening) {
        await client.openCashSession(drawerRegister.id, { float: cents(values, 'float', 'zero') ?? 0 });
        return say(t('console.registers.opened', { name: drawerRegister.name }));
      }
      const card = cents(values, 'cardTerminalTotal', 'optional');
      const note = String(values['note'] ?? '').trim();
      const closed = await client.closeCashSession(drawerRegister.id, {
        counted: cents(values, 'counted', 'required') ?? 0,
        ...(card === undefined ? {} : { cardTerminalTotal: card }),
        ...(note ? { note } : {}),
      });
      // The figures first: a long register name is what the edge of the terminal cuts.
      const slipPrinter = printers.find((p) => p.id === drawerRegister.defaultPrinterId);
      say(
        t('console.registers.closed', {
          name: drawerRegister.name,
          expected: amount(closed.expectedCash),
          difference: amount(closed.difference ?? 0),
          card:
            closed.cardDifference === null
              ? ''
              : t('console.registers.cardDifference', { difference: amount(closed.cardDifference) }),
          printing:
            slipPrinter && slipPrinter.status !== 'ONLINE'
              ? t('console.printerWaits', {
                  printer: slipPrinter.name,
                  status: printerStatus(slipPrinter),
                })
              : t('console.registers.slipPrinting'),
        }),
        slipPrinter && slipPrinter.status !== 'ONLINE' ? 'warning' : 'info',
      );
    };
    return (
      <Form
        key={`${editing.form}-${drawerRegister.id}`}
        title={t(opening ? 'console.registers.openTitle' : 'console.registers.closeTitle', {
          name: drawerRegister.name,
        })}
        fields={fields}
        initial={opening ? { float: '' } : { counted: '', cardTerminalTotal: '', note: '' }}
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
  const drawerText = (drawer: CashSessionRecord | undefined) =>
    drawer
      ? t('console.registers.drawerOpen', { name: drawer.userName, expected: amount(drawer.expectedCash) })
      : t('console.registers.drawerClosed');
  const rows: ListRow[] = (registers ?? []).map((register) => ({
    id: register.id,
    cells: [
      register.name,
      printerName(register.defaultPrinterId),
      register.enabled ? t('console.yes') : t('console.no'),
      register.categoryIds === null ? t('console.registers.allCategories') : categoryNames(register.categoryIds),
      drawerText(drawers.get(register.id)),
    ],
    ...(register.enabled ? {} : { tone: 'off' as const }),
  }));
  return (
    <ResourceList
      selectedId={selected}
      onSelect={setSelected}
      title={t('console.registers.title')}
      columns={[
        t('console.registers.name'),
        t('console.registers.printer'),
        t('console.registers.enabled'),
        t('console.registers.categories'),
        t('console.registers.drawer'),
      ]}
      keep={[4]}
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
        o: (id) => {
          if (!id) return;
          if (drawers.has(id)) say(t('console.registers.alreadyOpen'), 'warning');
          else edit({ id, form: 'open' });
        },
        c: (id) => {
          if (!id) return;
          // The figures of the moment: sales and refunds since the list was read change what the drawer should hold.
          if (drawers.has(id)) {
            load();
            edit({ id, form: 'close' });
          } else say(t('console.registers.noneOpen'), 'warning');
        },
        ' ': (id) => {
          const register = registers?.find((r) => r.id === id);
          if (register)
            client.patch('/v1/cash-registers', register.id, { enabled: !register.enabled }).then(() => {
              say(
                t(register.enabled ? 'console.registers.nowOff' : 'console.registers.nowOn', { name: register.name }),
              );
              load();
            }, fail);
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
