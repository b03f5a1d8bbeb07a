import { request } from 'node:http';
import { SseParser, type SseEvent } from '../../src/client/sse.js';

/** An SSE connection over a real socket, parsed byte by byte, with waits that always have a time limit. */
export interface SseConnection {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  events: SseEvent[];
  comments: string[];
  raw: string;
  lastEventId(): string;
  /**
   * Resolves once `predicate` holds. Ask for "at least" (`events.length >= 2`), never "exactly": events committed
   * together may all have arrived before the wait begins, and an exact count passed by is never seen again. Check
   * the exact list after the wait.
   */
  waitFor(predicate: (events: SseEvent[]) => boolean, timeoutMs?: number): Promise<SseEvent[]>;
  waitForComment(text: string, timeoutMs?: number): Promise<void>;
  close(): void;
  closed: Promise<void>;
}

export function openSse(url: string, headers: Record<string, string> = {}): Promise<SseConnection> {
  return new Promise((resolve, reject) => {
    const events: SseEvent[] = [];
    const comments: string[] = [];
    let raw = '';
    let notify = () => {};
    const parser = new SseParser({
      onEvent: (event) => {
        events.push(event);
        notify();
      },
      onComment: (text) => {
        comments.push(text);
        notify();
      },
    });
    let resolveClosed = () => {};
    const closed = new Promise<void>((r) => (resolveClosed = r));
    const req = request(url, { headers: { accept: 'text/event-stream', ...headers } }, (res) => {
      res.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8');
        parser.feed(new Uint8Array(chunk));
        notify();
      });
      res.on('close', resolveClosed);
      res.on('end', resolveClosed);
      const waitUntil = (check: () => boolean, timeoutMs: number, what: string) =>
        new Promise<void>((ok, fail) => {
          if (check()) return ok();
          const timer = setTimeout(
            () =>
              fail(
                new Error(
                  `timed out after ${timeoutMs} ms waiting for ${what}; got ${JSON.stringify(events.map((e) => e.event))}`,
                ),
              ),
            timeoutMs,
          );
          const previous = notify;
          notify = () => {
            previous();
            if (check()) {
              clearTimeout(timer);
              ok();
            }
          };
        });
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        events,
        comments,
        get raw() {
          return raw;
        },
        lastEventId: () => parser.lastEventId,
        waitFor: async (predicate, timeoutMs = 20_000) => {
          await waitUntil(() => predicate(events), timeoutMs, 'events');
          return events;
        },
        waitForComment: (text, timeoutMs = 20_000) =>
          waitUntil(() => comments.includes(text), timeoutMs, `comment "${text}"`),
        close: () => {
          req.destroy();
          res.destroy();
        },
        closed,
      });
    });
    req.on('error', reject);
    req.setTimeout(30_000, () => req.destroy(new Error('SSE request timed out')));
    req.end();
  });
}

/** A non-streaming answer of the events endpoint (errors), read fully. */
export function getOnce(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.setTimeout(20_000, () => req.destroy(new Error('timed out')));
    req.end();
  });
}
