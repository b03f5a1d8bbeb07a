import type { ServerResponse } from 'node:http';
import type { CoreContext } from '../../core/context.js';
import { CHANNELS, type EventChannel } from '../../core/events/event-log.js';
import {
  channelPage,
  EVENT_PAGE as PAGE,
  eventsAfter,
  latestEventId,
  type LoggedEventRow as EventRow,
  replayFloor,
} from '../../core/events/event-reader.js';
import type { PresentedCredential } from '../../core/auth/authenticate.js';
import { saveStreamPositions, type StreamPosition, streamPosition } from '../../core/events/stream-positions.js';

export interface HubOptions {
  keepAliveMs: number;
  /**
   * A client whose unsent bytes exceed this (default 4 MiB) is disconnected, live or replaying; it reconnects and
   * replays from the log.
   */
  maxBufferedBytes?: number;
  /** Concurrent streams one holder (a user, a minted token or a device key) may hold (default 20); the next is 429. */
  maxStreamsPerPrincipal?: number;
  /**
   * How long a replay waits for a full socket to drain (default 10 s). A replay writes one page, then waits for the
   * socket to take it before it reads the next; a client that takes nothing for this long is disconnected.
   */
  replayDrainWaitMs?: number;
  /** How often each open stream's credential is checked again (default 2 s): a revoked one loses its streams. */
  credentialCheckMs?: number;
  /** For each credential, whether it still stands for someone (all of them at once: a few queries per round). */
  credentialsStillValid?: (credentials: readonly PresentedCredential[]) => Promise<boolean[]>;
}

export const DEFAULT_MAX_STREAMS_PER_PRINCIPAL = 20;
const DEFAULT_CREDENTIAL_CHECK_MS = 2000;
const DEFAULT_REPLAY_DRAIN_WAIT_MS = 10_000;

/** Who holds a stream, and whether they still may. */
export interface StreamCredential {
  /** The credential itself (`token:<jti>`, `key:<id>`): checked once per round, however many streams it holds. */
  id: string;
  /** A device key's id: where its stream of each channel got to is kept, for a later stream without Last-Event-ID. */
  keyId?: string;
  /** Event names this credential is not sent (a kitchen screen is not told the evening's takings). */
  withheld?: ReadonlySet<string>;
  /** What the client presented, checked again while the stream is open. */
  presented: PresentedCredential;
}

interface Client {
  channel: EventChannel;
  res: ServerResponse;
  credential: StreamCredential;
  /** The last event of the channel this stream was brought up to. */
  position: number;
  /** The position last handed to the durable record (device keys only). */
  saved: number;
  /** Cut for not reading: what was waiting for it never reached it, so its position is not recorded. */
  dropped: boolean;
}

/** How long after a failed read of the log the hub reads it again. */
const PUMP_RETRY_MS = 1000;

/** A replay page holds about this many bytes of events: what one replaying client costs in memory, at most. */
const REPLAY_PAGE_BYTES = 256 * 1024;

/** True once the response can take nothing more (closed, cut, or ended by the hub). */
function gone(res: ServerResponse): boolean {
  return res.destroyed || res.writableEnded;
}

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
  private readonly clients = new Map<EventChannel, Set<Client>>(
    CHANNELS.map((channel) => [channel, new Set<Client>()]),
  );
  private chain: Promise<void> = Promise.resolve();
  private pumpPending = false;
  private keepAlive: NodeJS.Timeout | null = null;
  private unsubscribe: (() => void) | null = null;
  private readonly maxBufferedBytes: number;
  private readonly maxStreamsPerPrincipal: number;
  private readonly replayDrainWaitMs: number;
  /** Open streams per holder. */
  private readonly streams = new Map<string, number>();
  /** Every open stream, replaying or live: their credentials are checked again, their positions recorded. */
  private readonly open = new Set<Client>();
  private credentialCheck: NodeJS.Timeout | null = null;
  private checking = false;
  private recheckPending = false;
  /** Positions of closed keyed streams not yet recorded. */
  private readonly closedPositions = new Map<string, StreamPosition>();
  private saving: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly ctx: CoreContext,
    private readonly options: HubOptions,
  ) {
    this.maxBufferedBytes = options.maxBufferedBytes ?? 4 * 1024 * 1024;
    this.maxStreamsPerPrincipal = options.maxStreamsPerPrincipal ?? DEFAULT_MAX_STREAMS_PER_PRINCIPAL;
    this.replayDrainWaitMs = options.replayDrainWaitMs ?? DEFAULT_REPLAY_DRAIN_WAIT_MS;
  }

  get streamLimit(): number {
    return this.maxStreamsPerPrincipal;
  }

  /**
   * Takes one of the holder's stream slots (`user:<id>`, `token:<jti>` or `key:<id>`) for this response, given back
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
    const checkMs = this.options.credentialCheckMs ?? DEFAULT_CREDENTIAL_CHECK_MS;
    this.credentialCheck = setInterval(() => void this.checkStreams(), checkMs);
    this.credentialCheck.unref();
  }

  /**
   * Ends every stream (server shutdown) and records the device keys' positions; clients reconnect to the next server
   * with their Last-Event-ID.
   */
  async close(): Promise<void> {
    if (this.closed) return this.saving;
    this.closed = true;
    this.unsubscribe?.();
    if (this.keepAlive) clearInterval(this.keepAlive);
    if (this.credentialCheck) clearInterval(this.credentialCheck);
    for (const client of this.open) client.res.end();
    for (const set of this.clients.values()) set.clear();
    await this.savePositions();
  }

  /**
   * Checks the open streams' credentials now instead of at the next round (after a change through the API that
   * may revoke one: a user changed or deleted, a key deleted). Changes made elsewhere (`pos token revoke`) wait for
   * the round.
   */
  recheckCredentials(): void {
    if (this.checking) this.recheckPending = true;
    else void this.checkStreams();
  }

  /**
   * One round of the periodic check: each credential that holds a stream is asked once whether it still may (its
   * token revoked or expired, its user's password or role changed, the user or the key deleted all say no), and
   * its streams end when not. Then the device keys' positions that moved are recorded.
   */
  private async checkStreams(): Promise<void> {
    if (this.checking || this.closed) return;
    this.checking = true;
    try {
      const byCredential = new Map<string, Client[]>();
      for (const client of this.open) {
        const list = byCredential.get(client.credential.id);
        if (list) list.push(client);
        else byCredential.set(client.credential.id, [client]);
      }
      const groups = [...byCredential.values()];
      const check = this.options.credentialsStillValid;
      if (check && groups.length > 0) {
        // A failed read is no verdict: the streams stay until a round that can tell.
        const presented = groups.map((clients) => (clients[0] as Client).credential.presented);
        const valid = await check(presented).catch(() => null);
        groups.forEach((clients, index) => {
          if (valid && valid[index] === false) for (const client of clients) this.end(client);
        });
      }
      await this.savePositions();
    } finally {
      this.checking = false;
      if (this.recheckPending) {
        this.recheckPending = false;
        void this.checkStreams();
      }
    }
  }

  /** Ends a stream for good: the client's reconnect meets the credential check (401 or 403). */
  private end(client: Client): void {
    this.clients.get(client.channel)?.delete(client);
    this.open.delete(client);
    if (client.res.writableLength > 0)
      client.res.destroy(); // a client that is not reading would never see an end
    else if (!gone(client.res)) client.res.end();
  }

  /** Records the positions of device keys' streams that moved (open ones and closed ones), in one transaction. */
  private savePositions(): Promise<void> {
    this.saving = this.saving.then(async () => {
      const due = new Map(this.closedPositions);
      this.closedPositions.clear();
      const marks: Array<[Client, number]> = [];
      for (const client of this.open) {
        const keyId = client.credential.keyId;
        // Only what the socket has taken counts as written: a client cut later must not skip what it never got.
        if (keyId === undefined || client.position === client.saved || client.res.writableLength > 0) continue;
        mergePosition(due, { keyId, channel: client.channel, lastEventId: client.position });
        marks.push([client, client.position]);
      }
      if (due.size === 0) return;
      try {
        await saveStreamPositions(this.ctx, [...due.values()]);
        for (const [client, position] of marks) client.saved = position;
      } catch {
        // A full disk: the positions stay due for the next round (the streams still move).
        for (const [key, position] of due) if (!this.closedPositions.has(key)) this.closedPositions.set(key, position);
      }
    });
    return this.saving;
  }

  private streamClosed(client: Client): void {
    this.open.delete(client);
    this.clients.get(client.channel)?.delete(client);
    const keyId = client.credential.keyId;
    if (keyId === undefined || client.position === client.saved || client.dropped) return;
    mergePosition(this.closedPositions, { keyId, channel: client.channel, lastEventId: client.position });
    client.saved = client.position;
    if (!this.closed) void this.savePositions();
  }

  clientCount(channel?: EventChannel): number {
    if (channel) return this.clients.get(channel)?.size ?? 0;
    let total = 0;
    for (const set of this.clients.values()) total += set.size;
    return total;
  }

  /**
   * Attaches a response that already has its SSE headers. With a last event id, the missed events of the channel
   * are replayed first; an id the log no longer covers gets a `resync` event instead. A device key's stream without
   * one starts after the last event written to that key's previous stream of the channel (live, the first time).
   */
  async subscribe(
    channel: EventChannel,
    res: ServerResponse,
    lastEventId: string | undefined,
    credential: StreamCredential,
  ): Promise<void> {
    const client: Client = { channel, res, credential, position: 0, saved: -1, dropped: false };
    this.open.add(client);
    res.on('close', () => this.streamClosed(client));
    if (res.destroyed || res.socket?.destroyed) return this.streamClosed(client); // gone while the route awaited
    let from = lastEventId;
    if (from === undefined && credential.keyId !== undefined) {
      await this.saving; // a stream of the same key that just closed is recorded first
      const stored = await streamPosition(this.ctx, credential.keyId, channel);
      if (stored !== undefined) from = String(stored);
    }
    let cursor: number;
    if (from === undefined) {
      cursor = await this.serially(async () => this.lastId);
      // An id-only frame sets the client's Last-Event-ID without firing an event, so even a client that saw no
      // event before it lost the connection resumes from here.
      this.write(client, `retry: 2000\nid: ${cursor}\n\n`);
    } else {
      const requested = /^\d{1,15}$/.test(from.trim()) ? Number(from.trim()) : Number.NaN;
      const floor = await replayFloor(this.ctx);
      // A position ahead of this hub may come from another instance on the same database that read the log
      // first: read up to the log's end before calling it unknown.
      const current = await this.serially(async () => {
        if (requested > this.lastId) await this.pump();
        return this.lastId;
      });
      if (!Number.isSafeInteger(requested) || requested < floor || requested > current) {
        const reason = Number.isNaN(requested)
          ? 'invalid-last-event-id'
          : requested < floor
            ? 'history-expired'
            : 'unknown-last-event-id';
        this.write(client, `retry: 2000\nid: ${current}\nevent: resync\ndata: ${JSON.stringify({ reason })}\n\n`);
        cursor = current;
      } else {
        this.write(client, 'retry: 2000\n\n');
        cursor = await this.replay(client, requested);
      }
    }
    client.position = Math.max(client.position, cursor);
    if (gone(res)) return;
    // Join the live set on the chain: nothing can be dispatched between the last replayed event and joining.
    await this.serially(async () => {
      await this.replayRange(client, client.position, this.lastId);
      if (!gone(res)) this.clients.get(channel)?.add(client);
    });
  }

  /**
   * Replays outside the chain (a slow client must not hold up the others), to the end of the log (events past what
   * the live clients were sent are skipped for it when they are dispatched), one page at a time: the next page is
   * read only once the socket took the last one, so a client that stops reading holds one page in memory, not its
   * replay. A client that takes nothing for `replayDrainWaitMs` is disconnected; it replays from its Last-Event-ID
   * when it comes back.
   */
  private async replay(client: Client, from: number): Promise<number> {
    let cursor = from;
    for (;;) {
      const rows = await this.page(client.channel, cursor, Number.MAX_SAFE_INTEGER);
      if (rows.length === 0 || gone(client.res)) return cursor;
      if (!this.write(client, this.frameList(client, rows))) return cursor;
      cursor = (rows.at(-1) as EventRow).id;
      client.position = cursor;
      if (client.res.writableNeedDrain && !(await drainedOrClosed(client.res, this.replayDrainWaitMs))) {
        this.drop(client);
        return cursor;
      }
    }
  }

  /** The rest of a replay, on the chain: what was committed while the replay ran (a page or two). */
  private async replayRange(client: Client, from: number, through: number): Promise<void> {
    let cursor = from;
    while (cursor < through && !gone(client.res)) {
      const rows = await this.page(client.channel, cursor, through);
      if (rows.length === 0) return;
      this.write(client, this.frameList(client, rows));
      cursor = (rows.at(-1) as EventRow).id;
      client.position = cursor;
    }
  }

  /**
   * The frames of `rows` this client is sent (without the events its credential withholds), one string each. A
   * replay writes them one by one rather than joined: a page joined is one string of a quarter megabyte, which V8
   * keeps among its large objects until a full collection, and sixty clients replaying at once left hundreds of
   * megabytes of them behind (the memory fault test's high-water mark went from about 245 MB to 165 MB).
   */
  private frameList(client: Client, rows: EventRow[]): string[] {
    const withheld = client.credential.withheld;
    return (withheld ? rows.filter((row) => !withheld.has(row.name)) : rows).map(frame);
  }

  /** The frames of `rows` this client is sent, joined: live events are one chunk shared by the clients alike. */
  private frames(client: Client, rows: EventRow[]): string {
    return this.frameList(client, rows).join('');
  }

  private page(channel: EventChannel, after: number, through: number): Promise<EventRow[]> {
    return channelPage(this.ctx, channel, after, through, REPLAY_PAGE_BYTES);
  }

  private schedulePump(): void {
    if (this.pumpPending) return;
    this.pumpPending = true;
    void this.serially(async () => {
      this.pumpPending = false;
      await this.pump();
    }).catch(() => {
      // The database did not answer (a PostgreSQL failover): the clients get what was committed at the next try.
      if (!this.closed) setTimeout(() => this.schedulePump(), PUMP_RETRY_MS).unref();
    });
  }

  private async pump(): Promise<void> {
    for (;;) {
      const rows = await eventsAfter(this.ctx, this.lastId);
      if (rows.length === 0) return;
      const byChannel = new Map<EventChannel, EventRow[]>();
      for (const row of rows) {
        const list = byChannel.get(row.channel);
        if (list) list.push(row);
        else byChannel.set(row.channel, [row]);
      }
      for (const [channel, channelRows] of byChannel) {
        const chunk = channelRows.map(frame).join('');
        const first = (channelRows[0] as EventRow).id;
        const last = (channelRows.at(-1) as EventRow).id;
        // Credentials that withhold some events share one filtered chunk per set of withheld names.
        const filtered = new Map<ReadonlySet<string>, string>();
        for (const client of this.clients.get(channel) ?? []) {
          if (client.position >= last) continue; // a replay that read the log's end already wrote these
          const withheld = client.credential.withheld;
          let text = chunk;
          if (client.position >= first) {
            text = this.frames(
              client,
              channelRows.filter((row) => row.id > client.position),
            );
          } else if (withheld) {
            text = filtered.get(withheld) ?? this.frames(client, channelRows);
            filtered.set(withheld, text);
          }
          if (text === '' || this.write(client, text)) client.position = last;
        }
      }
      this.lastId = (rows.at(-1) as EventRow).id;
      if (rows.length < PAGE) return;
    }
  }

  private broadcastComment(comment: string): void {
    for (const set of this.clients.values()) for (const client of set) this.write(client, comment);
  }

  /**
   * Writes to one client (a list of frames corked into one write); false (and the client dropped) when it is gone
   * or has more than the limit waiting.
   */
  private write(client: Client, chunk: string | string[]): boolean {
    const { res } = client;
    if (gone(res)) {
      this.clients.get(client.channel)?.delete(client);
      return false;
    }
    if (typeof chunk === 'string') res.write(chunk);
    else {
      res.cork();
      for (const piece of chunk) res.write(piece);
      res.uncork();
    }
    if (res.writableLength > this.maxBufferedBytes) {
      this.drop(client);
      return false;
    }
    return true;
  }

  /** Cuts a client that does not read: it reconnects and replays what it missed. */
  private drop(client: Client): void {
    client.dropped = true;
    this.clients.get(client.channel)?.delete(client);
    client.res.destroy();
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

/** Keeps the furthest position per key and channel. */
function mergePosition(into: Map<string, StreamPosition>, position: StreamPosition): void {
  const key = `${position.keyId} ${position.channel}`;
  const known = into.get(key);
  if (!known || known.lastEventId < position.lastEventId) into.set(key, position);
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
