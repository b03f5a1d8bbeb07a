import { connect, type Socket } from 'node:net';
import type { PrinterStatusReason } from '../api/enums.js';

export interface PrinterAddress {
  host: string;
  port: number;
}

/** What a status probe found. */
export type ProbeResult =
  | { state: 'ONLINE' }
  /** The printer answered that it cannot print: paper out, cover open, or offline for another reason. */
  | { state: 'ERROR'; reason: PrinterStatusReason }
  /** No TCP connection. */
  | { state: 'UNREACHABLE'; reason: string }
  /** Connected, but no (valid) status answer in time: a busy printer, or one that does not speak DLE EOT. */
  | { state: 'NO_ANSWER' };

/** A send that did not deliver every ticket: the first `delivered` ones were read by the printer, the rest were not. */
export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly delivered: number,
  ) {
    super(message);
  }
}

export interface PrinterTransport {
  /**
   * Sends tickets, in order, over one connection. Resolves once the printer has read all of them; otherwise rejects
   * with a DeliveryError that says how many it did read (the others are sent again later: at least once, and
   * never a ticket the printer confirmed).
   */
  send(address: PrinterAddress, tickets: readonly Buffer[], signal?: AbortSignal): Promise<void>;
  /** Never rejects: what the printer said, or why it said nothing. */
  probe(address: PrinterAddress, signal?: AbortSignal): Promise<ProbeResult>;
}

export interface TcpTimeouts {
  connectMs: number;
  /** How long a job may take to be read by the printer (a full-buffer printer reads slowly). */
  sendMs: number;
  probeMs: number;
  /** After a job was read, how long a printer may keep the connection before we cut it (default 1000). */
  closeGraceMs?: number;
}

const DEFAULT_TIMEOUTS: TcpTimeouts = { connectMs: 3000, sendMs: 20_000, probeMs: 1500, closeGraceMs: 1000 };

/** DLE EOT 1 (printer), 2 (offline cause), 4 (paper sensor): three real-time status queries. */
const STATUS_QUERY = Buffer.from([0x10, 0x04, 0x01, 0x10, 0x04, 0x02, 0x10, 0x04, 0x04]);

/**
 * Sent after every job: the printer answers a real-time status query only once it has read everything before it,
 * so the answer is the receipt for the job (a closed connection is not: it may close without reading).
 */
const DELIVERY_QUERY = Buffer.from([0x10, 0x04, 0x01]);

/** Bit 3 of the answer to DLE EOT 1: the printer is offline (paper out, cover open, feeding). */
const PRINTER_OFFLINE = 0x08;

/** A status byte always has bit 1 and bit 4 set and bits 0 and 7 clear (ASB bytes never match). */
const valid = (byte: number) => (byte & 0x93) === 0x12;

export function interpretStatus(bytes: Buffer): ProbeResult {
  const [printer, cause, paper] = [bytes[0], bytes[1], bytes[2]] as [number, number, number];
  if (bytes.length < 3 || ![printer, cause, paper].every(valid)) return { state: 'NO_ANSWER' };
  if ((paper & 0x60) !== 0 || (cause & 0x20) !== 0) return { state: 'ERROR', reason: 'PAPER_OUT' };
  if ((cause & 0x04) !== 0) return { state: 'ERROR', reason: 'COVER_OPEN' };
  if ((printer & 0x08) !== 0 || (cause & 0x40) !== 0) return { state: 'ERROR', reason: 'NOT_READY' };
  return { state: 'ONLINE' };
}

const stopped = () => new Error('stopped');

function open(address: PrinterAddress, timeoutMs: number, signal?: AbortSignal): Promise<Socket> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(stopped());
    const socket = connect({ host: address.host, port: address.port });
    const fail = (error: Error) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      socket.destroy();
      reject(error);
    };
    const onAbort = () => fail(stopped());
    const timer = setTimeout(
      () => fail(new Error(`no connection to ${address.host}:${address.port} within ${timeoutMs} ms`)),
      timeoutMs,
    );
    signal?.addEventListener('abort', onAbort, { once: true });
    socket.once('connect', () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      resolve(socket);
    });
    socket.once('error', fail);
  });
}

/** Raw TCP (port 9100 "JetDirect") to ESC/POS network printers. */
export class TcpTransport implements PrinterTransport {
  private readonly timeouts: Required<TcpTimeouts>;

  constructor(timeouts: TcpTimeouts = DEFAULT_TIMEOUTS) {
    this.timeouts = { closeGraceMs: 1000, ...timeouts };
  }

  /**
   * Sends the tickets one after the other over one connection, each followed by a status query, then our FIN. A
   * ticket counts as read only when the printer answers the query after it: it answers once it has read everything
   * before it. (The status monitor already requires DLE EOT of every printer it calls ONLINE.) The next ticket goes
   * only once the one before is confirmed, and an answer that says the printer went offline (paper out, cover open)
   * stops the batch there: that ticket sits in the printer's buffer, as a single one would, but the rest wait in the
   * queue rather than in a buffer that a volunteer may switch off. A printer that accepts the connection but never
   * reads, or closes it without answering, cannot make a ticket look delivered. `sendMs` is the longest wait for the
   * next answer, so a slow printer working through a batch is not cut off while a stalled one is.
   */
  async send(address: PrinterAddress, tickets: readonly Buffer[], signal?: AbortSignal): Promise<void> {
    let socket: Socket;
    try {
      socket = await open(address, this.timeouts.connectMs, signal);
    } catch (error) {
      throw new DeliveryError((error as Error).message, 0);
    }
    const { sendMs, closeGraceMs } = this.timeouts;
    await new Promise<void>((resolve, reject) => {
      let settled = false;
      let delivered = 0;
      const settle = (error?: Error) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        if (error) {
          socket.destroy();
          return reject(new DeliveryError(error.message, delivered));
        }
        if (socket.destroyed) return resolve();
        // Read: let the printer close (most do at once); one that keeps the connection is cut after a grace, so
        // the next job does not find its only connection taken. The tickets are safe in the printer either way.
        const grace = setTimeout(() => socket.destroy(), closeGraceMs);
        socket.once('close', () => {
          clearTimeout(grace);
          resolve();
        });
      };
      const onAbort = () => settle(stopped());
      const stall = () => settle(new Error(`the printer did not take the job within ${sendMs} ms`));
      let timer = setTimeout(stall, sendMs);
      signal?.addEventListener('abort', onAbort, { once: true });
      let sent = 0;
      const sendNext = () => {
        socket.write(Buffer.concat([tickets[sent] as Buffer, DELIVERY_QUERY]));
        sent++;
      };
      socket.on('data', (chunk: Buffer) => {
        for (const byte of chunk) {
          if (!valid(byte) || delivered >= sent) continue; // not an answer, or more answers than questions
          delivered++;
          if (delivered < tickets.length && (byte & PRINTER_OFFLINE) !== 0) {
            return settle(
              new Error(
                `the printer went offline (paper out or cover open?) after ${delivered} of ${tickets.length} tickets`,
              ),
            );
          }
        }
        if (delivered >= tickets.length) {
          socket.end();
          return settle();
        }
        if (delivered === sent) sendNext();
        clearTimeout(timer);
        timer = setTimeout(stall, sendMs);
      });
      socket.on('error', (error) => settle(error));
      socket.once('close', () => settle(new Error('the printer closed the connection without confirming the job')));
      sendNext();
    });
  }

  async probe(address: PrinterAddress, signal?: AbortSignal): Promise<ProbeResult> {
    let socket: Socket;
    try {
      socket = await open(address, this.timeouts.connectMs, signal);
    } catch (error) {
      return { state: 'UNREACHABLE', reason: (error as Error).message };
    }
    return new Promise<ProbeResult>((resolve) => {
      let answer = Buffer.alloc(0);
      let settled = false;
      const finish = (result: ProbeResult) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        socket.destroy();
        resolve(result);
      };
      const onAbort = () => finish({ state: 'NO_ANSWER' });
      const timer = setTimeout(
        () => finish(answer.length === 0 ? { state: 'NO_ANSWER' } : interpretStatus(answer)),
        this.timeouts.probeMs,
      );
      signal?.addEventListener('abort', onAbort, { once: true });
      socket.on('data', (chunk: Buffer) => {
        answer = Buffer.concat([answer, chunk]);
        if (answer.length >= 3) finish(interpretStatus(answer));
      });
      socket.on('error', () => finish({ state: 'NO_ANSWER' }));
      socket.once('close', () => finish(answer.length >= 3 ? interpretStatus(answer) : { state: 'NO_ANSWER' }));
      socket.write(STATUS_QUERY);
    });
  }
}
