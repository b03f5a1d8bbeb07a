import { Box, useInput } from 'ink';
import { Text } from '../components/Text.js';
import { useCallback, useEffect, useState } from 'react';
import type { z } from 'zod';
import type { Venue } from '../../api/venue.js';
import { Form, type FieldValue, type FormField } from '../components/Form.js';
import { fit } from '../format.js';
import { localRefusal } from '../form-errors.js';
import { useDashboardTexts } from '../texts.js';
import { useNotice } from './notice.js';
import type { ScreenProps } from './screen.js';

/** Receipt lines are edited on one line, split by `|`. */
const joinLines = (lines: string[]) => lines.join(' | ');
const splitLines = (text: string) => (text.trim() === '' ? [] : text.split('|').map((line) => line.trim()));

/**
 * 8 Venue: its name, the receipt's header and footer lines, whether the till asks the table, whether waiters bring
 * it, and after how many minutes a ready order moves to the TV's strip. `e` edits; only what changed is sent.
 */
export function VenueScreen({ client, width, height, active, onCapture }: ScreenProps) {
  const { t } = useDashboardTexts();
  const [venue, setVenue] = useState<z.infer<typeof Venue> | null>(null);
  const [editing, setEditing] = useState(false);
  const [notice, say, fail] = useNotice();
  const load = useCallback(() => {
    client.getVenue().then(setVenue, fail);
  }, [client, fail]);
  useEffect(load, [load]);
  const edit = (open: boolean) => {
    setEditing(open);
    onCapture(open);
  };
  useInput(
    (input, key) => {
      if (venue && (input === 'e' || key.return)) edit(true);
    },
    { isActive: active && !editing },
  );

  const fields: FormField[] = [
    { key: 'name', label: t('console.venue.name'), kind: 'text' },
    { key: 'receiptHeader', label: t('console.venue.header'), kind: 'text', hint: t('console.venue.linesHint') },
    { key: 'receiptFooter', label: t('console.venue.footer'), kind: 'text', hint: t('console.venue.linesHint') },
    { key: 'askTable', label: t('console.venue.askTable'), kind: 'switch' },
    { key: 'waiterTables', label: t('console.venue.waiterTables'), kind: 'switch' },
    { key: 'pickupAfterMinutes', label: t('console.venue.pickup'), kind: 'text' },
  ];
  if (editing && venue) {
    const initial: Record<string, FieldValue> = {
      name: venue.name,
      receiptHeader: joinLines(venue.receiptHeader),
      receiptFooter: joinLines(venue.receiptFooter),
      askTable: venue.askTable,
      waiterTables: venue.waiterTables,
      pickupAfterMinutes: String(venue.pickupAfterMinutes),
    };
    const save = async (values: Record<string, FieldValue>) => {
      const minutes = String(values['pickupAfterMinutes'] ?? '').trim();
      if (!/^\d+$/.test(minutes))
        throw localRefusal([{ path: 'body.pickupAfterMinutes', message: t('console.notNumber') }]);
      const wanted = {
        name: String(values['name'] ?? ''),
        receiptHeader: splitLines(String(values['receiptHeader'] ?? '')),
        receiptFooter: splitLines(String(values['receiptFooter'] ?? '')),
        askTable: values['askTable'] === true,
        waiterTables: values['waiterTables'] === true,
        pickupAfterMinutes: Number(minutes),
      };
      const patch = Object.fromEntries(
        Object.entries(wanted).filter(
          ([key, value]) => JSON.stringify(value) !== JSON.stringify(venue[key as keyof typeof wanted]),
        ),
      );
      if (Object.keys(patch).length === 0) return say(t('console.venue.unchanged'));
      setVenue(await client.patchVenue(patch));
      say(t('console.venue.saved'));
    };
    return (
      <Form
        title={t('console.venue.title')}
        fields={fields}
        initial={initial}
        save={save}
        onDone={() => edit(false)}
        width={width}
        height={height}
        active={active}
      />
    );
  }
  const shown: Array<[string, string]> = venue
    ? [
        [t('console.venue.name'), venue.name],
        [t('console.venue.header'), joinLines(venue.receiptHeader)],
        [t('console.venue.footer'), joinLines(venue.receiptFooter)],
        [t('console.venue.askTable'), venue.askTable ? t('console.yes') : t('console.no')],
        [t('console.venue.waiterTables'), venue.waiterTables ? t('console.yes') : t('console.no')],
        [t('console.venue.pickup'), String(venue.pickupAfterMinutes)],
      ]
    : [];
  const labelWidth = Math.max(0, ...shown.map(([label]) => label.length)) + 2;
  return (
    <Box flexDirection="column" height={height}>
      <Text bold color="cyan">
        {fit(t('console.venue.title'), width - 1)}
      </Text>
      {venue ? null : <Text color="gray">{t('console.loading')}</Text>}
      {shown.map(([label, value]) => (
        <Text key={label} wrap="truncate-end">
          <Text color="gray">{`  ${label.padEnd(labelWidth)}`}</Text>
          {value}
        </Text>
      ))}
      <Box flexGrow={1} />
      <Text color={notice.tone === 'error' ? 'red' : 'gray'} wrap="truncate-end">
        {notice.message || ' '}
      </Text>
      <Text color="gray" wrap="truncate-end">
        {t('console.venue.keys')}
      </Text>
    </Box>
  );
}
