import type { ServerResponse } from 'node:http';
import { once } from 'node:events';
import { type CoreContext, reader } from '../../core/context.js';
import { CHANNELS, type EventChannel } from '../../core/events/event-log.js';
import { prunedThrough } from '../../core/events/retention.js';
import { prepared } from '../../storage/prepared.js';
import type { EventRow } from '../../storage/schema.js';

export interface HubOptions {
  keepAliveMs: number;
  /** A client whose unsent bytes exceed this is disconnected; it reconnects and replays from the log. */
  maxBufferedBytes?: number;
}

interface Client {
  channel: EventChannel;
  res: ServerResponse;
}

const PAGE = 500;

/** What was committed since the hub last looked (after every commit: built once). */
const newEvents = prepared<{ after: number }, EventRow>((db, p) => db.selectFrom('events').selectAll().where('id', '>', p.after).orderBy('id').limit(PAGE));

/** `id:` / `event:` / `data:` with LF line ends, written in one piece. The payload is one line of JSON. */
export function frame(event: Pick<EventRow, 'id' | 'name' | 'payload'>): string {
  return `id: ${event.id}\nevent: ${event.name}\ndata: ${event.payload}\n\n`;
}

/**
 * Fans the durable event log out to SSE clients. After each commit it reads the new rows once and writes each
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

  constructor(
    private readonly ctx: CoreContext,
    private readonly options: HubOptions,
  ) {
    this.maxBufferedBytes = options.maxBufferedBytes ?? 4 * 1024 * 1024;
  }

  async start(): Promise<void> {
    const row = await reader(this.ctx)
      .selectFrom('events')
      .select((eb) => eb.fn.max<number | null>('id').as('maxId'))
      .executeTakeFirstOrThrow();
    this.lastId = row.maxId ?? 0;
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
      const floor = await prunedThrough(reader(this.ctx));
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

  /** Replays outside the chain (a slow client must not hold up the others), waiting for the socket to drain. */
  private async replay(client: Client, from: number): Promise<number> {
    let cursor = from;
    for (;;) {
      const rows = await this.page(client.channel, cursor, Number.MAX_SAFE_INTEGER);
      if (rows.length === 0 || client.res.destroyed) return cursor;
      const ok = client.res.write(rows.map(frame).join(''));
      cursor = (rows.at(-1) as EventRow).id;
      if (!ok) await Promise.race([once(client.res, 'drain'), once(client.res, 'close')]);
      if (rows.length < PAGE) return cursor;
    }
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
    return reader(this.ctx)
      .selectFrom('events')
      .selectAll()
      .where('channel', '=', channel)
      .where('id', '>', after)
      .where('id', '<=', through)
      .orderBy('id')
      .limit(PAGE)
      .execute();
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
      const rows = await newEvents.execute(reader(this.ctx), { after: this.lastId });
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

  private write(client: Client, chunk: string): void {
    const { res } = client;
    if (res.destroyed || res.writableEnded) {
      this.clients.get(client.channel)?.delete(client);
      return;
    }
    res.write(chunk);
    if (res.writableLength > this.maxBufferedBytes) {
      this.clients.get(client.channel)?.delete(client);
      res.destroy();
    }
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
