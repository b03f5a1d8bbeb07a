import { ApiError } from '../client/errors.js';

// Where the server's refusal of a form belongs: each `details[].path` of its error body (`body.price`,
// `body.receiptHeader.1`) names the field it is about; the rest is said for the whole form.

/** What the server said: its English message, and the code a client chooses its own words by. */
export interface Said {
  message: string;
  code?: string | undefined;
  /** The bound a detail code such as `too-long` is about. */
  limit?: number | undefined;
}

export interface FormErrors {
  /** By field key: what the server said about it. */
  fields: Record<string, Said>;
  /** What concerns no one field (a conflict, a rule across fields, a network error). */
  general: Said | null;
}

export function formErrors(error: unknown, keys: readonly string[]): FormErrors {
  const fields: Record<string, Said> = {};
  const rest: Said[] = [];
  const details =
    error instanceof ApiError && typeof error.body === 'object' && Array.isArray(error.body?.details)
      ? error.body.details
      : [];
  for (const detail of details) {
    const key = detail.path.replace(/^body\.?/, '').split('.')[0] ?? '';
    const said = { message: detail.message, code: detail.code, limit: detail.limit };
    if (keys.includes(key) && !(key in fields)) fields[key] = said;
    else rest.push(said);
  }
  const code = error instanceof ApiError && typeof error.body === 'object' ? error.body?.code : undefined;
  const general =
    Object.keys(fields).length > 0 && rest.length === 0
      ? null
      : (rest[0] ?? { message: (error as Error).message, code });
  return { fields, general };
}

/** A refusal found before the server is asked (a price that is no amount), shaped as the server's, beside its field. */
export function localRefusal(details: Array<{ path: string; message: string }>): ApiError {
  const message = details[0]?.message ?? '';
  const coded = details.map((detail) => ({ ...detail, code: 'validation' }));
  return new ApiError(400, message, {
    statusCode: 400,
    code: 'validation',
    error: 'Bad Request',
    message,
    details: coded,
  });
}
