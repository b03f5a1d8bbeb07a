import { useCallback } from 'react';
import type { PosClient } from '../../client/index.js';
import { ChoiceList } from '../shared/ChoiceList.js';
import { useTexts } from '../shared/locale.js';
import type { Register } from './session.js';

/** Which register this tablet is: the enabled ones (the register decides the receipt's printer and drawer). */
export function RegisterPicker({
  client,
  onPick,
  onUnauthorized,
}: {
  client: PosClient;
  onPick(register: Register): void;
  onUnauthorized(): void;
}) {
  const { t } = useTexts();
  const load = useCallback(
    async () =>
      (await client.cashRegisters({ enabled: true })).map(
        ({ id, name, categoryIds }): Register => ({ id, name, categoryIds }),
      ),
    [client],
  );
  return (
    <ChoiceList
      title={t('register.title')}
      empty={t('register.none')}
      load={load}
      onPick={onPick}
      onUnauthorized={onUnauthorized}
    />
  );
}
