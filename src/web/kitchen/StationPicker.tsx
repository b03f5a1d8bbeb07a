import { useCallback } from 'react';
import type { PosClient } from '../../client/index.js';
import { ChoiceList } from '../shared/ChoiceList.js';
import { useTexts } from '../shared/locale.js';
import { kitchenStations } from './stations.js';
import type { Station } from './storage.js';

/** A station is a printer that gets kitchen tickets (not a receipt-only one): chosen once, the tablet remembers it. */
export function StationPicker({
  client,
  notice,
  onPick,
  onUnauthorized,
}: {
  client: PosClient;
  notice: string | null;
  onPick(station: Station): void;
  onUnauthorized(): void;
}) {
  const { t } = useTexts();
  const load = useCallback(async () => {
    const [printers, categories, foods, registers] = await Promise.all([
      client.printers(),
      client.categories(),
      client.foods(),
      client.cashRegisters(),
    ]);
    return kitchenStations(printers, categories, foods, registers);
  }, [client]);
  return (
    <ChoiceList
      title={t('kitchen.pickStation')}
      empty={t('kitchen.noStations')}
      notice={notice}
      load={load}
      onPick={onPick}
      onUnauthorized={onUnauthorized}
    />
  );
}
