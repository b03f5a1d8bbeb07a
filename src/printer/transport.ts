import { connect, type Socket } from 'node:net';

export interface PrinterAddress {
  host: string;
  port: number;
}

/** What a status probe found. */
export type ProbeResult =
  | { state: 'ONLINE' }
  /** The printer answered that it cannot print: paper out, cover open, or offline for another reason. */
  | { state: 'ERROR'; reason: 'paper-out' | 'cover-open' | 'offline' }
  /** No TCP connection. */
  | { state: 'UNREACHABLE'; reason: string }
  /** Connected, but no (valid) status answer in time: a busy printer, or one that does not speak DLE EOT. */
  | { state: 'NO_ANSWER' };

export interface PrinterTransport {
  send(address: PrinterAddress, bytes: Buffer): Promise<void>;
  probe(address: PrinterAddress): Promise<ProbeResult>;
}

export interface TcpTimeouts {
  connectMs: number;
  /** How long a job may take to be read by the printer (a full-buffer printer reads slowly). */
  sendMs: number;
  probeMs: number;
}

export const DEFAULT_TIMEOUTS: TcpTimeouts = { connectMs: 3000, sendMs: 20_000, probeMs: 1500 };

/** DLE EOT 1 (printer), 2 (offline cause), 4 (paper sensor): three real-time status queries. */
export const STATUS_QUERY = Buffer.from([0x10, 0x04, 0x01, 0x10, 0x04, 0x02, 0x10, 0x04, 0x04]);

/** A status byte always has bit 1 and bit 4 set and bits 0 and 7 clear. */
const valid = (byte: number) => (byte & 0x93) === 0x12;

export function interpretStatus(bytes: Buffer): ProbeResult {
  const [printer, cause, paper] = [bytes[0], bytes[1], bytes[2]] as [number, number, number];
  if (bytes.length < 3 || ![printer, cause, paper].every(valid)) return { state: 'NO_ANSWER' };
  if ((paper & 0x60) !== 0 || (cause & 0x20) !== 0) return { state: 'ERROR', reason: 'paper-out' };
  if ((cause & 0x04) !== 0) return { state: 'ERROR', reason: 'cover-open' };
  if ((printer & 0x08) !== 0) return { state: 'ERROR', reason: 'offline' };
  return { state: 'ONLINE' };
}

function open(address: PrinterAddress, timeoutMs: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: address.host, port: address.port });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no connection to ${address.host}:${address.port} within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.once('connect', () => {
      clearTimeout(timer);
      resolve(socket);
    });
    socket.once('error', (error) => {
      clearTimeout(timer);
      socket.destroy();
      reject(error);
    });
  });
}

/** Raw TCP (port 9100 "JetDirect") to ESC/POS network printers. */
export class TcpTransport implements PrinterTransport {
  constructor(private readonly timeouts: TcpTimeouts = DEFAULT_TIMEOUTS) {}

  /**
   * Sends a job and resolves only when the printer has read all of it: after our FIN, a printer closes its side
   * once it has consumed everything before it. A printer that accepts the connection but never reads cannot make a
   * job look delivered: the send times out and the job is tried again later.
   */
  async send(address: PrinterAddress, bytes: Buffer): Promise<void> {
    const socket = await open(address, this.timeouts.connectMs);
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        socket.destroy();
        reject(new Error(`the printer did not take the job within ${this.timeouts.sendMs} ms`));
      }, this.timeouts.sendMs);
      socket.on('data', () => {}); // a printer may answer (ASB); keep reading so it never blocks
      socket.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      socket.once('close', (hadError) => {
        clearTimeout(timer);
        if (!hadError) resolve();
      });
      socket.end(bytes);
    });
  }

  async probe(address: PrinterAddress): Promise<ProbeResult> {
    let socket: Socket;
    try {
      socket = await open(address, this.timeouts.connectMs);
    } catch (error) {
      return { state: 'UNREACHABLE', reason: (error as Error).message };
    }
    return new Promise<ProbeResult>((resolve) => {
      let answer = Buffer.alloc(0);
      const finish = (result: ProbeResult) => {
        clearTimeout(timer);
        socket.destroy();
        resolve(result);
      };
      const timer = setTimeout(() => finish(answer.length === 0 ? { state: 'NO_ANSWER' } : interpretStatus(answer)), this.timeouts.probeMs);
      socket.on('data', (chunk: Buffer) => {
        answer = Buffer.concat([answer, chunk]);
        if (answer.length >= 3) finish(interpretStatus(answer));
      });
      socket.once('error', () => finish({ state: 'NO_ANSWER' }));
      socket.once('close', () => finish(answer.length >= 3 ? interpretStatus(answer) : { state: 'NO_ANSWER' }));
      socket.write(STATUS_QUERY);
    });
  }
}
