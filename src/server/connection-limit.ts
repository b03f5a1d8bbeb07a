import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/** Open connections one client address may hold at once (docs/operations.md, "Limits and timeouts"). */
export const MAX_CONNECTIONS_PER_ADDRESS = 256;

/** The address a connection comes from; an IPv4 client of a dual-stack socket arrives as `::ffff:a.b.c.d`. */
function addressOf(socket: Socket): string {
  const address = socket.remoteAddress ?? '';
  return address.startsWith('::ffff:') ? address.slice(7) : address;
}

/**
 * Refuses a new connection at once (closed before anything is read) when its address already holds `max`: one host
 * opening connections it never finishes cannot take the descriptors every tablet needs. Other addresses are not
 * affected; a closed connection gives its place back.
 */
export function limitConnectionsPerAddress(server: Server, max = MAX_CONNECTIONS_PER_ADDRESS): void {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = addressOf(socket);
    const count = open.get(address) ?? 0;
    if (count >= max) {
      socket.destroy();
      return;
    }
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
