// What a rate limit counts as one client: an IPv4 address, or an IPv6 address's /64. A device on IPv6 usually holds a
// whole /64 and may pick a new address in it at will (privacy addresses), so counting single IPv6 addresses would
// give it a fresh allowance at every guess.

/**
 * The key a limit counts by: `10.0.0.9` as it is, `::ffff:10.0.0.9` as `10.0.0.9`, `2001:db8:1:2::abcd` as
 * `2001:db8:1:2::/64`.
 */
export function clientNetwork(address: string): string {
  const bare = address.replace(/%.*$/, ''); // a zone (`fe80::1%eth0`) names the interface, not the client
  if (!bare.includes(':')) return bare;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(bare);
  if (mapped) return mapped[1] as string;
  const groups = hextets(bare);
  if (groups === null) return bare; // not an address this knows: counted as it is
  return `${groups.slice(0, 4).join(':')}::/64`;
}

/** The eight groups of an IPv6 address, `::` expanded and leading zeros dropped; null when it is not one. */
function hextets(address: string): string[] | null {
  const halves = address.toLowerCase().split('::');
  if (halves.length > 2) return null;
  const part = (text: string | undefined) => (text ? text.split(':') : []);
  const head = part(halves[0]);
  const tail = part(halves[1]);
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  if (!groups.every((group) => /^[0-9a-f]{1,4}$/.test(group))) return null;
  return groups.map((group) => Number.parseInt(group, 16).toString(16));
}
