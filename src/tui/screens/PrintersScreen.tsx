import { useCallback, useEffect, useState } from 'react';
import type { z } from 'zod';
import type { Printer } from '../../api/printers.js';
import { Form, type FieldValue, type FormField } from '../components/Form.js';
import { type ListRow, ResourceList } from '../components/ResourceList.js';
import { localRefusal } from '../form-errors.js';
import { useDashboardTexts } from '../texts.js';
import { useNotice } from './notice.js';
import type { ScreenProps } from './screen.js';

type PrinterRecord = z.infer<typeof Printer>;

/** 3 Printers: each with its address, status and the tickets waiting for it; add, edit, delete, `t` test print. */
export function PrintersScreen({ client, width, height, active, onCapture }: ScreenProps) {
  const { t, printerStatus } = useDashboardTexts();
  const [printers, setPrinters] = useState<PrinterRecord[] | null>(null);
  const [waiting, setWaiting] = useState<Map<string, number>>(new Map());
  /** Where the list's cursor is, kept across the forms opened from it. */
  const [selected, setSelected] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ id: string | null } | null>(null);
  const [notice, say, fail] = useNotice();
  const load = useCallback(() => {
    Promise.all([client.printers(), client.printJobs({ status: ['queued', 'printing'], limit: 500 })]).then(
      ([list, jobs]) => {
        const held = new Map<string, number>();
        for (const job of jobs) if (job.printerId) held.set(job.printerId, (held.get(job.printerId) ?? 0) + 1);
        setPrinters(list);
        setWaiting(held);
      },
      fail,
    );
  }, [client, fail]);
  useEffect(() => {
    load();
    // The status follows the printers' monitor: read again every few seconds while the screen is open.
    const timer = setInterval(load, 5000);
    return () => clearInterval(timer);
  }, [load]);
  const edit = (next: { id: string | null } | null) => {
    setEditing(next);
    onCapture(next !== null);
  };

  if (editing) {
    const printer = printers?.find((each) => each.id === editing.id) ?? null;
    const fields: FormField[] = [
      { key: 'name', label: t('console.printers.name'), kind: 'text' },
      { key: 'ip', label: t('console.printers.address'), kind: 'text', hint: '192.168.1.50' },
      { key: 'port', label: t('console.printers.port'), kind: 'text', hint: '9100' },
      {
        key: 'columns',
        label: t('console.printers.columns'),
        kind: 'choice',
        choices: ['48', '42', '32'].map((value) => ({ value, label: value })),
      },
      { key: 'cashDrawer', label: t('console.printers.drawer'), kind: 'switch' },
      { key: 'kitchenTickets', label: t('console.printers.kitchen'), kind: 'switch' },
      { key: 'description', label: t('console.printers.description'), kind: 'text' },
    ];
    const initial: Record<string, FieldValue> = printer
      ? {
          name: printer.name,
          ip: printer.ip,
          port: String(printer.port),
          columns: String(printer.columns),
          cashDrawer: printer.cashDrawer,
          kitchenTickets: printer.kitchenTickets,
          description: printer.description,
        }
      : { name: '', ip: '', port: '9100', columns: '48', cashDrawer: false, kitchenTickets: true, description: '' };
    const save = async (values: Record<string, FieldValue>) => {
      const port = String(values['port'] ?? '').trim();
      if (!/^\d+$/.test(port)) throw localRefusal([{ path: 'body.port', message: t('console.notNumber') }]);
      const body = {
        name: String(values['name'] ?? ''),
        ip: String(values['ip'] ?? ''),
        port: Number(port),
        columns: Number(values['columns']) as 32 | 42 | 48,
        cashDrawer: values['cashDrawer'] === true,
        kitchenTickets: values['kitchenTickets'] === true,
        description: String(values['description'] ?? ''),
      };
      if (printer) await client.replace('/v1/printers', printer.id, body);
      else await client.create('/v1/printers', body);
      say(t('console.saved', { name: body.name }));
    };
    return (
      <Form
        key={editing.id ?? 'new'}
        title={printer ? t('console.printers.edit', { name: printer.name }) : t('console.printers.add')}
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
  const rows: ListRow[] = (printers ?? []).map((printer) => ({
    id: printer.id,
    cells: [
      printer.name,
      `${printer.ip}:${printer.port}`,
      printerStatus(printer),
      String(waiting.get(printer.id) ?? 0),
      String(printer.columns),
    ],
    ...(printer.status === 'OFFLINE'
      ? { tone: 'error' as const }
      : printer.status === 'ERROR'
        ? { tone: 'warning' as const }
        : {}),
  }));
  return (
    <ResourceList
      selectedId={selected}
      onSelect={setSelected}
      title={t('console.printers.title')}
      columns={[
        t('console.printers.name'),
        t('console.printers.address'),
        t('console.printers.status'),
        t('console.printers.waiting'),
        t('console.printers.paper'),
      ]}
      rows={printers === null ? null : rows}
      onAdd={() => edit({ id: null })}
      onEdit={(id) => edit({ id })}
      onDelete={(id) => {
        const name = printers?.find((p) => p.id === id)?.name ?? '';
        client.remove('/v1/printers', id).then(() => {
          say(t('console.deleted', { name }));
          load();
        }, fail);
      }}
      keys={{
        t: (id) => {
          const printer = printers?.find((p) => p.id === id);
          if (!printer) return;
          client.testPrinter(printer.id).then(() => {
            say(t('console.printers.testSent', { name: printer.name }));
            load();
          }, fail);
        },
      }}
      help={t('console.keys.printers')}
      message={notice.message}
      tone={notice.tone}
      width={width}
      height={height}
      active={active}
      onCapture={onCapture}
    />
  );
}
