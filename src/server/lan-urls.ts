import { networkInterfaces } from 'node:os';

/** The URLs a tablet on the venue Wi-Fi can use to reach a server bound to `host` (every LAN address), local first. */
export function lanUrls(host: string, port: number): string[] {
  if (host !== '0.0.0.0' && host !== '::') return [`http://${host.includes(':') ? `[${host}]` : host}:${port}`];
  const urls = [`http://localhost:${port}`];
  for (const addresses of Object.values(networkInterfaces())) {
    for (const address of addresses ?? []) {
      if (address.family === 'IPv4' && !address.internal) urls.push(`http://${address.address}:${port}`);
    }
  }
  return urls;
}
