import type { Clock } from '../clock.js';

export interface LoginLimiterOptions {
  maxFailures: number;
  windowMs: number;
}

/**
 * Failed logins per username + client address, in a sliding window. Kept in memory: the appliance is one process,
 * and a restart forgetting the count is acceptable (the attacker still pays scrypt per attempt).
 */
export class LoginLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly clock: Clock,
    private readonly options: LoginLimiterOptions = { maxFailures: 5, windowMs: 15 * 60_000 },
  ) {}

  /** Seconds to wait before another attempt is allowed, or 0 when one is allowed now. */
  retryAfterSeconds(username: string, address: string): number {
    const recent = this.recent(this.key(username, address));
    if (recent.length < this.options.maxFailures) return 0;
    const oldest = recent[0] as number;
    return Math.max(1, Math.ceil((oldest + this.options.windowMs - this.clock.now().getTime()) / 1000));
  }

  recordFailure(username: string, address: string): void {
    const key = this.key(username, address);
    const recent = this.recent(key);
    recent.push(this.clock.now().getTime());
    this.failures.set(key, recent);
    if (this.failures.size > 50_000) this.prune();
  }

  recordSuccess(username: string, address: string): void {
    this.failures.delete(this.key(username, address));
  }

  private key(username: string, address: string): string {
    return `${username.toLowerCase()}\u0000${address}`;
  }

  private recent(key: string): number[] {
    const since = this.clock.now().getTime() - this.options.windowMs;
    return (this.failures.get(key) ?? []).filter((at) => at > since);
  }

  private prune(): void {
    for (const key of this.failures.keys()) {
      if (this.recent(key).length === 0) this.failures.delete(key);
    }
  }
}
