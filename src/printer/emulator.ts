import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { EscPosDecoder, type RealtimeQuery } from './escpos-decoder.js';
import { type PrintOp, renderText } from './layouts/ops.js';

export interface EmulatedTicket {
  /** The ticket's number, also its file name: it continues the numbers already in `outDir` (a restarted emulator). */
  sequence: number;
  ops: PrintOp[];
  text: string;
  receivedAt: Date;
  file: string | null;
}

export interface EmulatorOptions {
  port?: number;
  host?: string;
  /** Where each ticket is written as a text file (one file per cut). */
  outDir?: string;
  /** Paper width used to lay the decoded text out. */
  columns?: number;
  onTicket?: (ticket: EmulatedTicket) => void;
}

/**
 * A stand-in for an ESC/POS network printer: listens on TCP, decodes what it receives into tickets (a cut ends
 * one), answers DLE EOT status queries, and can be switched to paper out, cover open, offline (refuses
 * connections) or stalled (accepts connections but never reads). For tests, demos and trying pos without hardware.
 */
export class PrinterEmulator {
  readonly tickets: EmulatedTicket[] = [];
  /** Status probes answered (for tests that check probes never interleave with jobs). */
  statusQueries = 0;
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  private paperOut = false;
  private coverOpen = false;
  private stalled = false;
  private boundPort = 0;
  private waiters: Array<() => void> = [];
  /** Set by resetNextDeliveryAfter: how many tickets the next delivering connection confirms before it is cut. */
  private resetAfter: number | null = null;

  private lastSequence = 0;

  constructor(private readonly options: EmulatorOptions = {}) {
    if (options.outDir) {
      mkdirSync(options.outDir, { recursive: true });
      for (const name of readdirSync(options.outDir))
        this.lastSequence = Math.max(this.lastSequence, Number(/^(\d+)-.*\.txt$/.exec(name)?.[1] ?? 0));
    }
  }

  get port(): number {
    return this.boundPort;
  }

  async start(): Promise<number> {
    this.boundPort = await this.listen(this.options.port ?? 0);
    return this.boundPort;
  }

  /** Offline: connections are refused, as when the printer is switched off or unplugged. */
  async setOffline(offline: boolean): Promise<void> {
    if (offline && this.server) {
      const server = this.server;
      this.server = null;
      for (const socket of this.sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    } else if (!offline && !this.server) {
      await this.listen(this.boundPort);
    }
  }

  setPaperOut(value: boolean): void {
    this.paperOut = value;
    this.releaseHeld();
  }

  setCoverOpen(value: boolean): void {
    this.coverOpen = value;
    this.releaseHeld();
  }

  /** Stalled: connections are accepted but nothing is ever read (a hung printer with a full buffer). */
  setStalled(value: boolean): void {
    this.stalled = value;
    for (const socket of this.sockets) {
      if (value) socket.pause();
      else socket.resume();
    }
  }

  /**
   * A printer that resets mid-job: the next connection that brings tickets is cut (TCP reset) right after the
   * printer has confirmed `confirmed` of them; whatever came after is lost, as in a real reset. Status probes
   * (connections without tickets) are not affected.
   */
  resetNextDeliveryAfter(confirmed: number): void {
    this.resetAfter = confirmed;
  }

  /** The three status bytes a real printer would give for DLE EOT 1, 2 and 4. */
  statusByte(query: RealtimeQuery): number {
    const base = 0x12;
    const cannotPrint = this.paperOut || this.coverOpen;
    switch (query) {
      case 1:
        return base | (cannotPrint ? 0x08 : 0);
      case 2:
        return base | (this.coverOpen ? 0x04 : 0) | (this.paperOut ? 0x20 : 0);
      case 3:
        return base;
      case 4:
        return base | (this.paperOut ? 0x60 : 0);
    }
  }

  /** Resolves once `count` tickets have been received in total (bounded by a time limit). */
  async waitForTickets(count: number, timeoutMs = 10_000): Promise<EmulatedTicket[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.tickets.length < count) {
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(`printer emulator: ${this.tickets.length} of ${count} tickets after ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 200));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.tickets.slice(0, count);
  }

  async stop(): Promise<void> {
    await this.setOffline(true);
  }

  private listen(port: number): Promise<number> {
    const server = createServer((socket) => this.accept(socket));
    this.server = server;
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, this.options.host ?? '127.0.0.1', () => {
        server.off('error', reject);
        resolve((server.address() as { port: number }).port);
      });
    });
  }

  private accept(socket: Socket): void {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    if (this.stalled) {
      socket.pause();
      return;
    }
    let ticketsHere = 0;
    let confirmedHere = 0;
    let reset = false;
    const decoder = new EscPosDecoder({
      onTicket: (ops) => {
        if (reset) return;
        ticketsHere++;
        this.receive(ops);
      },
      onStatusQuery: (query) => {
        if (reset) return;
        this.statusQueries++;
        const answer = Buffer.from([this.statusByte(query)]);
        if (ticketsHere > 0 && this.resetAfter !== null && ++confirmedHere >= this.resetAfter) {
          this.resetAfter = null;
          reset = true;
          socket.write(answer, () => socket.resetAndDestroy()); // the answer goes out first, then the reset
          return;
        }
        socket.write(answer);
      },
    });
    socket.on('data', (chunk: Buffer) => decoder.push(chunk));
    socket.on('end', () => {
      decoder.flush();
      socket.end(); // close our side once everything was read: the sender's proof of delivery
    });
  }

  /** Like a real printer, what arrives while it cannot print stays in its buffer and comes out when it can. */
  private held: PrintOp[][] = [];

  private releaseHeld(): void {
    if (this.paperOut || this.coverOpen) return;
    for (const ops of this.held.splice(0)) this.print(ops);
  }

  private receive(ops: PrintOp[]): void {
    if (this.paperOut || this.coverOpen) this.held.push(ops);
    else this.print(ops);
  }

  private print(ops: PrintOp[]): void {
    const sequence = ++this.lastSequence;
    const text = renderText(ops, this.options.columns ?? 48);
    const receivedAt = new Date();
    let file: string | null = null;
    if (this.options.outDir) {
      const stamp = receivedAt.toISOString().replace(/[-:]/g, '').replace(/\..*/, '');
      file = join(this.options.outDir, `${String(sequence).padStart(4, '0')}-${stamp}.txt`);
      writeFileSync(file, text);
    }
    const ticket: EmulatedTicket = { sequence, ops, text, receivedAt, file };
    this.tickets.push(ticket);
    this.options.onTicket?.(ticket);
    for (const wake of this.waiters.splice(0)) wake();
  }
}
