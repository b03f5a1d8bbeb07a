import t from 'tap';
import { LoginLimiter } from '../../src/core/auth/login-limiter.js';
import { clientNetwork } from '../../src/core/client-network.js';
import { ManualClock } from '../../src/core/clock.js';
import { TooManyRequestsError } from '../../src/core/errors.js';
import { RateWindow } from '../../src/core/rate-window.js';

// The rate limits count a client by its network: an IPv4 address, or an IPv6 /64, which one device may walk through
// at will. A server listening on `::` would otherwise give a guesser a fresh allowance with every new address.

t.test('an address as the limits count it', async (t) => {
  t.equal(clientNetwork('10.0.0.9'), '10.0.0.9');
  t.equal(clientNetwork('::ffff:10.0.0.9'), '10.0.0.9', 'IPv4 seen through an IPv6 socket');
  t.equal(clientNetwork('2001:db8:1:2::abcd'), '2001:db8:1:2::/64');
  t.equal(clientNetwork('2001:0DB8:0001:0002:1111:2222:3333:4444'), '2001:db8:1:2::/64', 'written in full');
  t.equal(clientNetwork('fe80::1%eth0'), 'fe80:0:0:0::/64', 'the zone names an interface, not a client');
  t.equal(clientNetwork('::1'), '0:0:0:0::/64');
  t.equal(clientNetwork('not:an:address::x'), 'not:an:address::x', 'anything else counted as it is');
});

t.test('failed logins from one IPv6 /64 count together, whatever address each came from', async (t) => {
  const clock = new ManualClock('2026-11-21T17:00:00Z');
  const limiter = new LoginLimiter(clock, { perUserAndAddress: 3, perAddress: 20, windowMs: 60_000 });
  for (let i = 1; i <= 3; i++) limiter.begin('anna', `2001:db8:1:2::${i.toString(16)}`);
  t.throws(() => limiter.begin('anna', '2001:db8:1:2:aaaa::9'), TooManyRequestsError, 'a fourth address: refused');
  t.doesNotThrow(() => limiter.begin('anna', '2001:db8:1:3::1'), 'the next /64 is another client');

  const window = new RateWindow(clock, 2, 60_000);
  window.take('2001:db8:9:9::1');
  window.take('2001:db8:9:9::2');
  t.throws(() => window.take('2001:db8:9:9::3'), TooManyRequestsError, 'the public menu counts the same way');
});
