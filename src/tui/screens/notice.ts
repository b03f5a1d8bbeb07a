import { useCallback, useState } from 'react';
import { ApiError, NetworkError } from '../../client/errors.js';
import { useDashboardTexts } from '../texts.js';

/** The code of the server's refusal, when it gave one. */
const codeOf = (error: unknown) =>
  error instanceof ApiError && typeof error.body === 'object' ? error.body?.code : undefined;

/** What the last action of a screen did, for its message line. */
export interface Notice {
  message: string;
  tone: 'info' | 'warning' | 'error';
}

/**
 * The message line of a console screen: `say` what an action did, `fail` with why it did not (offline in words, the
 * server's refusal after "error:").
 */
export function useNotice(): [Notice, (message: string, tone?: Notice['tone']) => void, (error: unknown) => void] {
  const { t, said } = useDashboardTexts();
  const [notice, setNotice] = useState<Notice>({ message: '', tone: 'info' });
  const say = useCallback((message: string, tone: Notice['tone'] = 'info') => setNotice({ message, tone }), []);
  const fail = useCallback(
    (error: unknown) =>
      setNotice({
        message:
          error instanceof NetworkError
            ? t('dashboard.errorUnreachable')
            : t('dashboard.error', { message: said({ message: (error as Error).message, code: codeOf(error) }) }),
        tone: 'error',
      }),
    [t, said],
  );
  return [notice, say, fail];
}
