import { sleep } from './wait.js';

// Helpers for the crash-safety fault tests: a seeded random source, a client that retries one
// Idempotency-Key until it gets a 2xx (across server kills and restarts), and a reader for emulated tickets.

/** A small seeded PRNG (mulberry32): the same seed gives the same kill moments and order mix. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** Paces the retries (re-exported for the fault tests that import it from here). */
export { sleep };

/** A 4xx: the server refused the request itself, retrying the same key would not change that. */
export class RejectedError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    what: string,
  ) {
    super(`${what}: ${status} ${body}`);
  }
}

export interface Acknowledged {
  status: number;
  body: Record<string, unknown>;
  /** Requests sent for this key, the successful one included. */
  attempts: number;
  /** Whether the 2xx said it was a replay of an earlier, already committed attempt. */
  replayed: boolean;
}

/**
 * POSTs `body` with `key` until a 2xx comes back: network errors (server killed, restarting), 5xx, 408 and 429 are
 * retried with the same key and body; any other 4xx is thrown as a RejectedError. `baseUrl()` is read before every
 * attempt, so a server restarted on a new port is picked up. Bounded by `deadline` (epoch ms).
 */
export async function postUntil2xx(options: {
  baseUrl: () => string;
  path: string;
  token: string;
  key: string;
  body: unknown;
  deadline: number;
  requestTimeoutMs?: number;
  /** Gives up at once (the test ended or failed elsewhere). */
  signal?: AbortSignal;
}): Promise<Acknowledged> {
  let attempts = 0;
  let failures = 0;
  let lastProblem = 'no attempt';
  while (Date.now() < options.deadline) {
    options.signal?.throwIfAborted();
    attempts++;
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${options.baseUrl()}${options.path}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${options.token}`,
          'content-type': 'application/json',
          'idempotency-key': options.key,
        },
        body: JSON.stringify(options.body),
        signal: AbortSignal.timeout(options.requestTimeoutMs ?? 8000),
      });
      text = await response.text();
    } catch (error) {
      lastProblem =
        `${(error as Error).message} ${String((error as { cause?: { code?: string } }).cause?.code ?? '')}`.trim();
      // The server is down (killed, starting again): back off up to 250 ms so the retries do not starve the start
      // on a small machine, but go again at once when the server is back at a new address.
      failures++;
      const url = options.baseUrl();
      const until = Date.now() + Math.min(250, 20 * 2 ** Math.min(failures, 4)) * (0.75 + Math.random() / 2);
      while (Date.now() < until && options.baseUrl() === url) await sleep(15);
      continue;
    }
    failures = 0;
    if (response.status >= 200 && response.status < 300) {
      return {
        status: response.status,
        body: JSON.parse(text) as Record<string, unknown>,
        attempts,
        replayed: response.headers.get('idempotent-replayed') === 'true',
      };
    }
    if (response.status >= 500 || response.status === 408 || response.status === 429) {
      lastProblem = `${response.status} ${text}`;
      await sleep(50);
      continue;
    }
    throw new RejectedError(response.status, text, `POST ${options.path} (Idempotency-Key ${options.key})`);
  }
  throw new Error(
    `POST ${options.path} (Idempotency-Key ${options.key}): no 2xx before the deadline after ${attempts} attempts; last: ${lastProblem}`,
  );
}

export interface ReadTicket {
  /** The order of the header's display code, null when the header did not arrive (a ticket cut short). */
  orderId: number | null;
  ticketNumber: number | null;
  reprint: boolean;
  /** Everything up to the final rule (kitchen) or the display code under the QR code (receipt) arrived. */
  complete: boolean;
}

/** Reads what an emulated printer received (kitchen ticket or receipt, as laid out by src/printer/layouts). */
export function readTicket(
  text: string,
  kind: 'kitchen' | 'receipt',
  orderOfCode: (displayCode: string) => number | undefined,
): ReadTicket {
  // Tickets print the ticket number and the display code (labelled), not the internal order id: the display code,
  // unique among the orders of the ticket day, says which order it is.
  const headerCode = /C O D E {3}([0-9A-Z] [0-9A-Z] [0-9A-Z])/.exec(text)?.[1];
  const orderId = (headerCode === undefined ? undefined : orderOfCode(headerCode.replace(/ /g, ''))) ?? null;
  const ticket = /T I C K E T {3}((?:\d ?)+)/.exec(text);
  const code = /^\s*([0-9A-Z](?: [0-9A-Z]){2})\s*$/m.exec(text)?.[1];
  let complete: boolean;
  if (kind === 'kitchen') {
    // Header rule, rule under the station name, rule after the items.
    complete = (text.match(/^-{20,}$/gm) ?? []).length >= 3;
  } else {
    // The big code, then its QR code under it: the QR is the receipt's last print, so a torn receipt lacks it.
    const qr = /\[QR ([0-9A-Z]{3})\]/.exec(text)?.[1];
    complete = code !== undefined && qr === code.replace(/ /g, '') && text.indexOf('[QR') > text.indexOf(code);
  }
  return {
    orderId,
    ticketNumber: ticket ? Number(ticket[1]!.replace(/ /g, '')) : null,
    reprint: text.includes('REPRINT'),
    complete: complete && orderId !== null,
  };
}
