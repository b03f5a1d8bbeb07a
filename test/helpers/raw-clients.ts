import { type Agent, request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { SseParser, type SseEvent } from '../../src/client/sse.js';

// Raw HTTP clients for the slow-and-dead-clients fault test: a subscriber that reads its response head
// and then nothing, connect-then-drop cycles of five kinds, a plain JSON request, and what /proc says of the server
// (memory, open files, the client ports it still holds a socket to).

/**
 * A connect-then-drop cycle ends within this, whatever the server does. A bound, not a budget: a head comes in
 * milliseconds on an idle machine, but took up to 5 s with the machine at load 25, and a client that gave up then
 * counted as a refused one.
 */
export const CHURN_DEADLINE_MS = 30_000;

export function rssMb(pid: number): number {
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error('no VmRSS');
  return Number(match[1]) / 1024;
}

export function openFds(pid: number): number {
  return readdirSync(`/proc/${pid}/fd`).length;
}

/**
 * The client ports the server process still holds an open socket to: not its listening socket, not orphaned sockets
 * (no fd, inode 0, such as TIME_WAIT).
 */
export function heldClientPorts(pid: number, serverPort: number): Set<number> {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const inode = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1];
      if (inode) inodes.add(inode);
    } catch {
      // closed while listing
    }
  }
  const ports = new Set<number>();
  for (const line of readFileSync(`/proc/${pid}/net/tcp`, 'utf8').split('\n').slice(1)) {
    const columns = line.trim().split(/\s+/);
    if (columns.length < 10) continue;
    const local = columns[1] as string;
    const remote = columns[2] as string;
    const listening = columns[3] === '0A';
    if (!listening && parseInt(local.split(':')[1] as string, 16) === serverPort && inodes.has(columns[9] as string)) {
      ports.add(parseInt(remote.split(':')[1] as string, 16));
    }
  }
  return ports;
}

/** Decodes an HTTP/1.1 chunked body as it arrives (the hub's writes are chunks of whole frames). */
class Dechunker {
  private pending: Buffer = Buffer.alloc(0);
  private left = -1; // bytes of chunk data still to come; -1 while reading a size line
  ended = false;

  feed(input: Buffer): Buffer[] {
    this.pending = this.pending.length ? Buffer.concat([this.pending, input]) : input;
    const out: Buffer[] = [];
    for (;;) {
      if (this.left < 0) {
        const eol = this.pending.indexOf('\r\n');
        if (eol < 0) return out;
        const line = this.pending.subarray(0, eol).toString('latin1');
        this.pending = this.pending.subarray(eol + 2);
        if (line === '') continue; // the CRLF after a chunk's data
        this.left = parseInt(line, 16);
        if (this.left === 0) {
          this.ended = true;
          return out;
        }
      } else {
        if (this.pending.length === 0) return out;
        const take = Math.min(this.left, this.pending.length);
        out.push(this.pending.subarray(0, take));
        this.pending = this.pending.subarray(take);
        this.left -= take;
        if (this.left === 0) this.left = -1;
      }
    }
  }
}

/**
 * A raw subscriber: sends the request, reads the response head and the opening frame, then pauses the socket and
 * reads nothing more until `resume()`. Whatever arrives after a resume goes through a real chunked + SSE parser.
 */
export interface RawSubscriber {
  socket: Socket;
  status: number;
  events: SseEvent[];
  /** True once the server ended or cut the stream (seen after a resume). */
  closed: () => boolean;
  resume(): void;
}

export function openNeverReading(port: number, path: string, token: string): Promise<RawSubscriber> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const events: SseEvent[] = [];
    const parser = new SseParser({ onEvent: (event) => events.push(event) });
    const dechunker = new Dechunker();
    let head = Buffer.alloc(0);
    let status = 0;
    let closed = false;
    let subscribed = false;
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no response head for ${path}`));
    }, 10_000);
    socket.on('error', () => {});
    socket.on('close', () => (closed = true));
    const onData = (chunk: Buffer) => {
      if (status === 0) {
        head = Buffer.concat([head, chunk]);
        const end = head.indexOf('\r\n\r\n');
        if (end < 0) return;
        status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head.toString('latin1'))?.[1] ?? -1);
        chunk = head.subarray(end + 4);
      }
      if (status !== 200 && !subscribed) {
        subscribed = true;
        clearTimeout(timer);
        resolve({ socket, status, events, closed: () => closed, resume: () => socket.resume() });
        return;
      }
      for (const piece of dechunker.feed(chunk)) parser.feed(new Uint8Array(piece));
      if (!subscribed && parser.lastEventId !== '') {
        // The opening id-only frame arrived: subscribed. From here on this client reads nothing.
        subscribed = true;
        socket.pause();
        clearTimeout(timer);
        resolve({ socket, status, events, closed: () => closed, resume: () => socket.resume() });
      }
    };
    socket.on('data', onData);
    socket.write(
      `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\nAuthorization: Bearer ${token}\r\n\r\n`,
    );
  });
}

export type ChurnKind = 'mid-request' | 'after-request' | 'after-head' | 'mid-stream-rst' | 'mid-replay';
export const CHURN_KINDS: ChurnKind[] = ['mid-request', 'after-request', 'after-head', 'mid-stream-rst', 'mid-replay'];

/**
 * One connect-then-drop cycle; always over within CHURN_DEADLINE_MS. Resolves with the response status (0 when it
 * never came) and how long the response head took.
 */
export function churnOnce(
  port: number,
  token: string,
  kind: ChurnKind,
  replayFrom: number,
  from = '127.0.0.1',
): Promise<{ status: number; headMs: number }> {
  return new Promise((resolve) => {
    const started = Date.now();
    let headMs = -1;
    const socket = connect({ port, host: '127.0.0.1', localAddress: from });
    let received = '';
    let status = 0;
    let done = false;
    const finish = (how: 'fin' | 'rst') => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      if (how === 'rst' && !socket.destroyed) socket.resetAndDestroy();
      else socket.destroy();
      resolve({ status, headMs });
    };
    const timer = setTimeout(() => finish('fin'), CHURN_DEADLINE_MS);
    socket.on('error', () => finish('fin'));
    socket.on('close', () => finish('fin'));
    const headers = ['Host: 127.0.0.1', 'Accept: text/event-stream', `Authorization: Bearer ${token}`];
    if (kind === 'mid-replay') headers.push(`Last-Event-ID: ${replayFrom}`);
    const requestText = `GET /events/display HTTP/1.1\r\n${headers.join('\r\n')}\r\n\r\n`;
    socket.on('connect', () => {
      if (kind === 'mid-request') {
        socket.write(requestText.slice(0, 40));
        finish('fin');
        return;
      }
      socket.write(requestText);
      if (kind === 'after-request') finish('rst');
    });
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
      if (status === 0) {
        if (!received.includes('\r\n\r\n')) return;
        status = Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? -1);
        headMs = Date.now() - started;
        if (kind === 'after-head') return finish('fin');
      }
      // Mid-stream: a live confirmation came; mid-replay: the first replayed frames came.
      if (kind === 'mid-stream-rst' && received.includes('event: confirmed-order')) finish('rst');
      if (kind === 'mid-replay' && received.includes('event: ')) finish('fin');
    });
  });
}

export function httpJson(
  port: number,
  agent: Agent | false,
  method: string,
  path: string,
  token: string | null,
  body?: unknown,
) {
  return new Promise<{ status: number; json: any; at: number }>((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, json: text ? JSON.parse(text) : null, at: Date.now() }),
        );
      },
    );
    req.on('error', reject);
    req.setTimeout(10_000, () => req.destroy(new Error(`${method} ${path} timed out`)));
    req.end(payload);
  });
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}
