import { useCallback } from 'react';
import type { PosClient } from '../../client/index.js';
import { ChoiceList } from '../shared/ChoiceList.js';
import { useTexts } from '../shared/locale.js';
import type { Station } from './storage.js';

/** A station is a printer that gets kitchen tickets: chosen once, the tablet remembers it. */
export function StationPicker({ client, notice, onPick, onUnauthorized }: { client: PosClient; notice: string | null; onPick(station: Station): void; onUnauthorized(): void }) {
  const { t } = useTexts();
  const load = useCallback(async () => (await client.printers()).map(({ id, name }): Station => ({ id, name })), [client]);
  return <ChoiceList title={t('kitchen.pickStation')} empty={t('kitchen.noStations')} notice={notice} load={load} onPick={onPick} onUnauthorized={onUnauthorized} />;
}
