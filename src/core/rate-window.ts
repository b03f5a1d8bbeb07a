import type { Clock } from './clock.js';
import { clientNetwork } from './client-network.js';
import { TooManyRequestsError } from './errors.js';

/**
 * Requests per address in a sliding window, kept in memory like the login limits (one process; a restart forgetting
 * the counts is harmless). For public reads that anyone on the venue's Wi-Fi may make: past the limit, 429 with the
 * seconds until the next request is allowed.
 */
export class RateWindow {
  private readonly byAddress = new Map<string, number[]>();

  constructor(
    private readonly clock: Clock,
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  take(from: string): void {
    const address = clientNetwork(from);
    const now = this.clock.now().getTime();
    const since = now - this.windowMs;
    const recent = (this.byAddress.get(address) ?? []).filter((at) => at > since);
    if (recent.length >= this.limit) {
      const wait = Math.max(
        1,
        Math.ceil(((recent[recent.length - this.limit] as number) + this.windowMs - now) / 1000),
      );
      throw new TooManyRequestsError(`Too many requests from this address: try again in ${wait} s`, wait);
    }
    recent.push(now);
    this.byAddress.set(address, recent);
    if (this.byAddress.size > 10_000) {
      for (const [key, list] of this.byAddress) if (!list.some((at) => at > since)) this.byAddress.delete(key);
    }
  }
}
