import { useEffect, useState } from 'react';
import type { PosClient } from '../../client/index.js';
import { readLocal, writeLocal } from './storage.js';

/**
 * What the venue set up on the server that the till follows (`GET /health`): whether to ask for a table
 * (`pos serve --no-tables` is counter service). Remembered on the tablet, so a start without Wi-Fi keeps the
 * venue's way; asked again whenever the tablet gets a new session.
 */
export function useVenue(client: PosClient): { tables: boolean } {
  const [tables, setTables] = useState<boolean>(() => readLocal<boolean>('tables') ?? true);
  useEffect(() => {
    let current = true;
    client
      .health()
      .then((health) => {
        if (!current) return;
        setTables(health.tables);
        writeLocal('tables', health.tables);
      })
      .catch(() => undefined); // unreachable: the remembered setting stands
    return () => {
      current = false;
    };
  }, [client]);
  return { tables };
}
