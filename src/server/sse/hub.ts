import type { ServerResponse } from 'node:http';
import type { CoreContext } from '../../core/context.js';
import { CHANNELS, type EventChannel } from '../../core/events/event-log.js';
import {
  channelEvents, EVENT_PAGE as PAGE, eventsAfter, latestEventId, type LoggedEventRow as EventRow, replayFloor,
} from '../../core/events/event-reader.js';

export interface HubOptions {
  keepAliveMs: number;
  /**
   * A client whose unsent bytes exceed this (default 4 MiB) is disconnected, live or replaying; it reconnects and
   * replays from the log.
   */
  maxBufferedBytes?: number;
  /** Concurrent streams one credential (a token or a device key) may hold (default 20); the next is 429. */
  maxStreamsPerPrincipal?: number;
  /**
   * How long a replay waits for a full socket to drain (default 5 s). A client that reads slowly is waited for; once
   * a wait runs out the rest is written at once, so a client that stopped reading passes the byte limit and is
   * dropped instead of holding its replay open.
   */
  replayDrainWaitMs?: number;
}

export const DEFAULT_MAX_STREAMS_PER_PRINCIPAL = 20;

interface Client {
  channel: EventChannel;
  res: ServerResponse;
}

/** Replay pages are written in pieces of about this size, so the byte limit is checked before it is far exceeded. */
const REPLAY_CHUNK_BYTES = 64 * 1024;

/** `id:` / `event:` / `data:` with LF line ends, written in one piece. The payload is one line of JSON. */
export function frame(event: Pick<EventRow, 'id' | 'name' | 'payload'>): string {
  return `id: ${event.id}\nevent: ${event.name}\ndata: ${event.payload}\n\n`;
}

/**
 * Fans the durable event log out to SSE clients; it reads the log only through src/core/events/event-reader.ts. After each commit it reads the new rows once and writes each
 * channel's frames to that channel's clients in one write. Everything that touches the live position (`lastId`)
 * runs on one serial chain, so a client that joins gets every event exactly once: replayed from the log up to
 * `lastId`, live after it. A slow client never blocks the others: its backlog is capped and it is dropped beyond.
 */
export class EventHub {
  private lastId = 0;
  private readonly clients = new Map<EventChannel, Set<Client>>(CHANNELS.map((channel) => [channel, new Set<Client>()]));
  private chain: Promise<void> = Promise.resolve();
  private pumpPending = false;
  private keepAlive: NodeJS.Timeout | null = null;
  private unsubscribe: (() => void) | null = null;
  private readonly maxBufferedBytes: number;
  private readonly maxStreamsPerPrincipal: number;
  private readonly replayDrainWaitMs: number;
  /** Open streams per credential. */
  private readonly streams = new Map<string, number>();

  constructor(
    private readonly ctx: CoreContext,
    private readonly options: HubOptions,
  ) {
    this.maxBufferedBytes = options.maxBufferedBytes ?? 4 * 1024 * 1024;
    this.maxStreamsPerPrincipal = options.maxStreamsPerPrincipal ?? DEFAULT_MAX_STREAMS_PER_PRINCIPAL;
    this.replayDrainWaitMs = options.replayDrainWaitMs ?? 5000;
  }

  get streamLimit(): number {
    return this.maxStreamsPerPrincipal;
  }

  /**
   * Takes one of the credential's stream slots (`holder`: `token:<jti>` or `key:<id>`) for this response, given back
   * when the response closes. False when the credential already holds the maximum (the caller answers 429 before any
   * stream header is written).
   */
  admit(holder: string, res: ServerResponse): boolean {
    const open = this.streams.get(holder) ?? 0;
    if (open >= this.maxStreamsPerPrincipal) return false;
    this.streams.set(holder, open + 1);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      const left = (this.streams.get(holder) ?? 1) - 1;
      if (left > 0) this.streams.set(holder, left);
      else this.streams.delete(holder);
    };
    res.once('close', release);
    if (res.destroyed || res.socket?.destroyed) release(); // gone before the listener was there
    return true;
  }

  async start(): Promise<void> {
    this.lastId = await latestEventId(this.ctx);
    this.unsubscribe = this.ctx.committed.subscribe(() => this.schedulePump());
    this.keepAlive = setInterval(() => this.broadcastComment(': keep-alive\n\n'), this.options.keepAliveMs);
    this.keepAlive.unref();
  }

  /** Ends every stream (server shutdown); clients reconnect to the next server with their Last-Event-ID. */
  close(): void {
    this.unsubscribe?.();
    if (this.keepAlive) clearInterval(this.keepAlive);
    for (const set of this.clients.values()) {
      for (const client of set) client.res.end();
      set.clear();
    }
  }

  clientCount(channel?: EventChannel): number {
    if (channel) return this.clients.get(channel)?.size ?? 0;
    let total = 0;
    for (const set of this.clients.values()) total += set.size;
    return total;
  }

  /**
   * Attaches a response that already has its SSE headers. With a last event id, the missed events of the channel
   * are replayed first; an id the log no longer covers gets a `resync` event instead.
   */
  async subscribe(channel: EventChannel, res: ServerResponse, lastEventId: string | undefined): Promise<void> {
    const client: Client = { channel, res };
    res.on('close', () => this.clients.get(channel)?.delete(client));
    let cursor: number;
    if (lastEventId === undefined) {
      cursor = await this.serially(async () => this.lastId);
      // An id-only frame sets the client's Last-Event-ID without firing an event, so even a client that saw no
      // event before it lost the connection resumes from here.
      this.write(client, `retry: 2000\nid: ${cursor}\n\n`);
    } else {
      const requested = /^\d{1,15}$/.test(lastEventId.trim()) ? Number(lastEventId.trim()) : Number.NaN;
      const floor = await replayFloor(this.ctx);
      const current = await this.serially(async () => this.lastId);
      if (!Number.isSafeInteger(requested) || requested < floor || requested > current) {
        const reason = Number.isNaN(requested) ? 'invalid-last-event-id' : requested < floor ? 'history-expired' : 'unknown-last-event-id';
        this.write(client, `retry: 2000\nid: ${current}\nevent: resync\ndata: ${JSON.stringify({ reason })}\n\n`);
        cursor = current;
      } else {
        this.write(client, 'retry: 2000\n\n');
        cursor = await this.replay(client, requested);
      }
    }
    if (res.destroyed) return;
    // Join the live set on the chain: nothing can be dispatched between the last replayed event and joining.
    await this.serially(async () => {
      await this.replayRange(client, cursor, this.lastId);
      if (!res.destroyed) this.clients.get(channel)?.add(client);
    });
  }

  /**
   * Replays outside the chain (a slow client must not hold up the others). The same byte limit as live events
   * applies: pages are written in pieces, and a client with more than the limit waiting is dropped. A full socket is
   * waited for, but not forever (see `replayDrainWaitMs`).
   */
  private async replay(client: Client, from: number): Promise<number> {
    let cursor = from;
    const pace = { patient: true };
    for (;;) {
      const rows = await this.page(client.channel, cursor, Number.MAX_SAFE_INTEGER);
      if (rows.length === 0 || client.res.destroyed) return cursor;
      if (!(await this.writeInPieces(client, rows, pace))) return cursor;
      cursor = (rows.at(-1) as EventRow).id;
      if (rows.length < PAGE) return cursor;
    }
  }

  /**
   * Writes a replay page in pieces, waiting for the socket whenever a piece's worth is already waiting. Once a wait
   * has timed out the client is no longer waited for: what follows is written at once, and a client that stopped
   * reading is dropped at the limit. False when the client was dropped.
   */
  private async writeInPieces(client: Client, rows: EventRow[], pace: { patient: boolean }): Promise<boolean> {
    let piece = '';
    for (const [index, row] of rows.entries()) {
      piece += frame(row);
      if (piece.length < REPLAY_CHUNK_BYTES && index < rows.length - 1) continue;
      if (!this.write(client, piece)) return false;
      piece = '';
      if (pace.patient && client.res.writableLength >= REPLAY_CHUNK_BYTES) {
        pace.patient = await drainedOrClosed(client.res, this.replayDrainWaitMs);
      }
      if (client.res.destroyed) return false;
    }
    return true;
  }

  private async replayRange(client: Client, from: number, through: number): Promise<void> {
    let cursor = from;
    while (cursor < through && !client.res.destroyed) {
      const rows = await this.page(client.channel, cursor, through);
      if (rows.length === 0) return;
      this.write(client, rows.map(frame).join(''));
      cursor = (rows.at(-1) as EventRow).id;
    }
  }

  private page(channel: EventChannel, after: number, through: number): Promise<EventRow[]> {
    return channelEvents(this.ctx, channel, after, through);
  }

  private schedulePump(): void {
    if (this.pumpPending) return;
    this.pumpPending = true;
    void this.serially(async () => {
      this.pumpPending = false;
      await this.pump();
    });
  }

  private async pump(): Promise<void> {
    for (;;) {
      const rows = await eventsAfter(this.ctx, this.lastId);
      if (rows.length === 0) return;
      const chunks = new Map<EventChannel, string>();
      for (const row of rows) chunks.set(row.channel, (chunks.get(row.channel) ?? '') + frame(row));
      for (const [channel, chunk] of chunks) {
        for (const client of this.clients.get(channel) ?? []) this.write(client, chunk);
      }
      this.lastId = (rows.at(-1) as EventRow).id;
      if (rows.length < PAGE) return;
    }
  }

  private broadcastComment(comment: string): void {
    for (const set of this.clients.values()) for (const client of set) this.write(client, comment);
  }

  /** Writes to one client; false (and the client dropped) when it is gone or has more than the limit waiting. */
  private write(client: Client, chunk: string): boolean {
    const { res } = client;
    if (res.destroyed || res.writableEnded) {
      this.clients.get(client.channel)?.delete(client);
      return false;
    }
    res.write(chunk);
    if (res.writableLength > this.maxBufferedBytes) {
      this.clients.get(client.channel)?.delete(client);
      res.destroy();
      return false;
    }
    return true;
  }

  private serially<T>(task: () => Promise<T>): Promise<T> {
    const run = this.chain.then(task);
    this.chain = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }
}

/** True when the response drained or closed, false when `ms` passed first. */
function drainedOrClosed(res: ServerResponse, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const finish = (drained: boolean) => {
      clearTimeout(timer);
      res.off('drain', done);
      res.off('close', done);
      resolve(drained);
    };
    const done = () => finish(true);
    const timer = setTimeout(() => finish(false), ms);
    timer.unref();
    res.once('drain', done);
    res.once('close', done);
  });
}
