import { ApiError } from '../client/errors.js';

// Where the server's refusal of a form belongs: each `details[].path` of its error body (`body.price`,
// `body.receiptHeader.1`) names the field it is about; the rest is said for the whole form.

export interface FormErrors {
  /** By field key: the server's message about it. */
  fields: Record<string, string>;
  /** What concerns no one field (a conflict, a rule across fields, a network error). */
  general: string | null;
}

export function formErrors(error: unknown, keys: readonly string[]): FormErrors {
  const fields: Record<string, string> = {};
  const rest: string[] = [];
  const details = error instanceof ApiError && typeof error.body === 'object' && Array.isArray(error.body?.details) ? error.body.details : [];
  for (const detail of details) {
    const key = detail.path.replace(/^body\.?/, '').split('.')[0] ?? '';
    if (keys.includes(key) && !(key in fields)) fields[key] = detail.message;
    else rest.push(detail.message);
  }
  const general = Object.keys(fields).length > 0 && rest.length === 0 ? null : (rest[0] ?? (error as Error).message);
  return { fields, general };
}

/** A refusal found before the server is asked (a price that is no amount), shaped as the server's, beside its field. */
export function localRefusal(details: Array<{ path: string; message: string }>): ApiError {
  const message = details[0]?.message ?? '';
  return new ApiError(400, message, { statusCode: 400, error: 'Bad Request', message, details });
}
