// A Server-Sent Events client per the WHATWG spec: a byte-level parser, and a reader over fetch that reconnects
// with Last-Event-ID. Used by `pos events`, the dashboard, the till in the browser and the tests: fetch and web
// streams only, so it runs in Node and in the browser.

export interface SseEvent {
  /** The event type (`message` when the frame had no `event:` line). */
  event: string;
  data: string;
  /** The last event id after this event (the `id:` of this frame or an earlier one). */
  lastEventId: string;
}

export interface SseParserCallbacks {
  onEvent(event: SseEvent): void;
  onComment?(text: string): void;
  onRetry?(ms: number): void;
}

/** Incremental parser: feed it chunks as they arrive; lines may be split anywhere, even inside a CRLF. */
export class SseParser {
  private buffer = '';
  private data: string[] = [];
  private eventType = '';
  private lastEventIdBuffer = '';
  private sawCr = false;
  private readonly decoder = new TextDecoder('utf-8');
  lastEventId = '';

  constructor(private readonly callbacks: SseParserCallbacks) {}

  feed(chunk: Uint8Array | string): void {
    let text = typeof chunk === 'string' ? chunk : this.decoder.decode(chunk, { stream: true });
    if (this.sawCr && text.startsWith('\n')) text = text.slice(1); // the LF of a CRLF split across chunks
    this.sawCr = false;
    this.buffer += text;
    for (;;) {
      const match = /\r\n|\r|\n/.exec(this.buffer);
      if (!match) break;
      if (match[0] === '\r' && match.index === this.buffer.length - 1) {
        this.sawCr = true; // maybe the first half of a CRLF: the line ends here either way
      }
      const line = this.buffer.slice(0, match.index);
      this.buffer = this.buffer.slice(match.index + match[0].length);
      this.line(line);
    }
  }

  private line(line: string): void {
    if (line === '') return this.dispatch();
    if (line.startsWith(':')) {
      this.callbacks.onComment?.(line.slice(1).trimStart());
      return;
    }
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'event':
        this.eventType = value;
        break;
      case 'data':
        this.data.push(value);
        break;
      case 'id':
        if (!value.includes('\u0000')) this.lastEventIdBuffer = value;
        break;
      case 'retry':
        if (/^\d+$/.test(value)) this.callbacks.onRetry?.(Number(value));
        break;
      default:
        break; // unknown fields are ignored
    }
  }

  private dispatch(): void {
    this.lastEventId = this.lastEventIdBuffer;
    if (this.data.length === 0) {
      this.eventType = '';
      return; // an id-only frame moves lastEventId without an event
    }
    const event: SseEvent = {
      event: this.eventType || 'message',
      data: this.data.join('\n'),
      lastEventId: this.lastEventId,
    };
    this.data = [];
    this.eventType = '';
    this.callbacks.onEvent(event);
  }
}

/**
 * Why a stream dropped, as a value: each reader says it in its own words and language (the dashboard in the
 * venue's, the CLI in English) instead of reading a sentence back.
 */
export type DropCause =
  | { kind: 'closed' } // the server ended the stream (a restart)
  | { kind: 'answered'; status: number } // the server answered with an error that may pass (5xx, 408, 429)
  | { kind: 'silent'; idleMs: number } // nothing heard for this long, not even the keep-alive
  | { kind: 'unreachable'; detail: string }; // no connection; `detail` is the network error, for logs

/** Where a stream is: `attempt` counts the reconnections since it was last connected (1 for the first). */
export type StreamStatus =
  | { state: 'connected' }
  | { state: 'reconnecting'; attempt: number; retryInMs: number; cause: DropCause };

export interface StreamOptions {
  url: string;
  /** Asked again at every (re)connection, so a renewed token is used. */
  headers?: () => Promise<Record<string, string>>;
  lastEventId?: string;
  signal: AbortSignal;
  onEvent(event: SseEvent): void;
  onComment?(text: string): void;
  /** Called with `connected` after each (re)connection and `reconnecting` (why, and when) when it drops. */
  onStatus?(status: StreamStatus): void;
  /** A non-2xx answer that retrying cannot fix (401, 403, 400): stop and report. */
  onFatal?(status: number, body: string): void;
  initialRetryMs?: number;
  maxRetryMs?: number;
  /**
   * A connection that brings nothing for this long (not even the keep-alive the server sends every 15 s) is taken
   * for dead and opened again: Wi-Fi that drops without closing the connection would otherwise leave it silent.
   */
  idleTimeoutMs?: number;
}

/** Reads a stream until aborted, reconnecting with Last-Event-ID and a growing delay after failures. */
export async function streamEvents(options: StreamOptions): Promise<void> {
  let lastEventId = options.lastEventId ?? '';
  let retryMs = options.initialRetryMs ?? 1000;
  const maxRetryMs = options.maxRetryMs ?? 15_000;
  const idleTimeoutMs = options.idleTimeoutMs ?? 45_000;
  let attempt = 0;
  while (!options.signal.aborted) {
    let cause: DropCause = { kind: 'closed' };
    // This connection's own signal: the caller's, or silence for too long.
    const connection = new AbortController();
    const stop = () => connection.abort();
    options.signal.addEventListener('abort', stop, { once: true });
    let idle: ReturnType<typeof setTimeout> | undefined;
    let silent = false;
    const heard = () => {
      clearTimeout(idle);
      idle = setTimeout(() => {
        silent = true;
        connection.abort();
      }, idleTimeoutMs);
    };
    try {
      const headers: Record<string, string> = { accept: 'text/event-stream', ...(await options.headers?.()) };
      if (lastEventId) headers['last-event-id'] = lastEventId;
      heard();
      const response = await fetch(options.url, { headers, signal: connection.signal });
      if (!response.ok || !response.body) {
        const body = await response.text();
        if (response.status >= 400 && response.status < 500 && response.status !== 408 && response.status !== 429) {
          options.onFatal?.(response.status, body);
          return;
        }
        cause = { kind: 'answered', status: response.status };
      } else {
        attempt = 0;
        options.onStatus?.({ state: 'connected' });
        retryMs = options.initialRetryMs ?? 1000;
        const parser = new SseParser({
          onEvent: (event) => {
            if (options.signal.aborted) return; // the rest of a chunk read before the reader stopped
            lastEventId = event.lastEventId;
            options.onEvent(event);
          },
          onComment: options.onComment,
        });
        // A reader loop rather than `for await`: not every browser iterates a ReadableStream.
        const reader = response.body.getReader();
        try {
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            heard();
            parser.feed(value);
            lastEventId = parser.lastEventId || lastEventId;
          }
        } finally {
          reader.releaseLock();
        }
      }
    } catch (error) {
      if (options.signal.aborted) return;
      const detail = (error as Error).cause ? String((error as Error).cause) : (error as Error).message;
      cause = silent ? { kind: 'silent', idleMs: idleTimeoutMs } : { kind: 'unreachable', detail };
    } finally {
      clearTimeout(idle);
      options.signal.removeEventListener('abort', stop);
    }
    if (options.signal.aborted) return;
    attempt += 1;
    options.onStatus?.({ state: 'reconnecting', attempt, retryInMs: retryMs, cause });
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, retryMs);
      options.signal.addEventListener(
        'abort',
        () => {
          clearTimeout(timer);
          resolve();
        },
        { once: true },
      );
    });
    retryMs = Math.min(maxRetryMs, retryMs * 2);
  }
}
