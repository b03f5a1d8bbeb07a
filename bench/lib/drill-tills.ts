import type { Ack } from './drill-check.js';

// The drill's tills: each sells like the till's outbox (src/web/till/outbox.ts) does. An order gets its
// Idempotency-Key once, when it is paid, and is sent again with that key after any failure (no answer, a timeout,
// a 401, a 5xx) until the server answers 2xx; the next order waits for it. A 401 logs in again. A till that cannot
// reach its server at all moves to the next one in the list, as a tablet would find the other laptop through one
// virtual address.

export interface TillOptions {
  index: number;
  /** The servers' base URLs, read at each attempt: a restarted server may come back on another port. */
  servers: () => readonly string[];
  username: string;
  password: string;
  /** The order body, without the key (the drill puts the key in `customer`). */
  body: (key: string) => Record<string, unknown>;
  /** Per request; a request still open then is abandoned and sent again. */
  timeoutMs: number;
  retryMs: number;
}

export interface TillFigures {
  acks: Ack[];
  /** Attempts that failed and were sent again, by reason (`503`, `network`, `timeout`, ...). */
  failures: Record<string, number>;
  /** Answers that were a refusal for good (4xx other than 401): none is expected. */
  refusals: Array<{ key: string; status: number; body: string }>;
  /** The key still being sent when the till was stopped, if any. */
  unsettled: string | null;
}

export class Till {
  readonly figures: TillFigures = { acks: [], failures: {}, refusals: [], unsettled: null };
  private server: number;
  private tokens = new Map<string, string>();
  private selling = true;
  private done: Promise<void> | null = null;
  private sold = 0;
  private deadline = Number.POSITIVE_INFINITY;

  constructor(private readonly options: TillOptions) {
    this.server = options.index;
  }

  start(): void {
    this.done = this.run();
  }

  /** Stops taking new orders and waits (bounded) until the one being sent is answered. */
  async stop(deadline: number): Promise<void> {
    this.selling = false;
    this.deadline = deadline;
    await this.done;
  }

  private fail(reason: string): void {
    this.figures.failures[reason] = (this.figures.failures[reason] ?? 0) + 1;
  }

  private async run(): Promise<void> {
    while (this.selling) {
      const key = `drill-t${this.options.index}-${++this.sold}`;
      this.figures.unsettled = key;
      while ((await this.send(key)) !== 'settled') {
        if (Date.now() >= this.deadline) return;
        await new Promise((resolve) => setTimeout(resolve, this.options.retryMs));
      }
      this.figures.unsettled = null;
    }
  }

  private url(): string {
    const servers = this.options.servers();
    return servers[this.server % servers.length]!;
  }

  /** A token for this server, or the failure to count. */
  private async token(url: string): Promise<string | { failed: string }> {
    const known = this.tokens.get(url);
    if (known) return known;
    const response = await fetch(`${url}/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: this.options.username, password: this.options.password }),
      signal: AbortSignal.timeout(this.options.timeoutMs),
    });
    if (!response.ok) return { failed: `login ${response.status}` };
    const token = ((await response.json()) as { accessToken: string }).accessToken;
    this.tokens.set(url, token);
    return token;
  }

  private async send(key: string): Promise<'settled' | 'again'> {
    const url = this.url();
    try {
      const token = await this.token(url);
      if (typeof token !== 'string') {
        this.fail(token.failed);
        return 'again';
      }
      const response = await fetch(`${url}/v1/orders`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify(this.options.body(key)),
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      const text = await response.text();
      if (response.ok) {
        const order = JSON.parse(text) as { id: number; ticketNumber: number | null; displayCode: string };
        this.figures.acks.push({ key, ...pick(order), at: Date.now() });
        return 'settled';
      }
      if (response.status === 401) this.tokens.delete(url);
      if (response.status === 401 || response.status >= 500) {
        this.fail(String(response.status));
        return 'again';
      }
      this.figures.refusals.push({ key, status: response.status, body: text.slice(0, 300) });
      return 'settled';
    } catch (error) {
      const name = (error as Error).name;
      if (name === 'TimeoutError' || name === 'AbortError') this.fail('timeout');
      else {
        this.fail('network');
        this.server++; // unreachable: try the next server
      }
      return 'again';
    }
  }
}

const pick = (order: { id: number; ticketNumber: number | null; displayCode: string }) => ({
  id: order.id,
  ticketNumber: order.ticketNumber,
  displayCode: order.displayCode,
});
