import { useEffect, useState } from 'react';
// ApiError from its own module: the client's index brings zod, which the page loads after its first paint.
import { ApiError } from '../../client/errors.js';
import { useTexts } from './locale.js';

export interface Choice {
  id: string;
  name: string;
}

/**
 * "Which one is this tablet?": the till's register, the kitchen screen's station. One big button per choice, read
 * from the server once; a 401 goes back to the login, a server not reached says so in the page's words.
 */
export function ChoiceList<T extends Choice>(props: {
  title: string;
  empty: string;
  notice?: string | null;
  load(): Promise<T[]>;
  onPick(choice: T): void;
  onUnauthorized(): void;
}) {
  const { title, empty, notice, load, onPick, onUnauthorized } = props;
  const { t } = useTexts();
  const [choices, setChoices] = useState<T[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    load()
      .then(setChoices)
      .catch((err: unknown) => {
        if (err instanceof ApiError && err.unauthorized) onUnauthorized();
        else setError(t('login.offline'));
      });
  }, [load, onUnauthorized, t]);

  return (
    <main className="center-screen">
      <section className="card" aria-labelledby="choice-title">
        <h1 id="choice-title">{title}</h1>
        {notice && (
          <p className="notice" role="status">
            {notice}
          </p>
        )}
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
        {choices?.length === 0 && <p>{empty}</p>}
        <div className="choice-list">
          {choices?.map((choice) => (
            <button key={choice.id} className="big" onClick={() => onPick(choice)}>
              {choice.name}
            </button>
          ))}
        </div>
      </section>
    </main>
  );
}
