import type { Clock } from '../clock.js';
import { clientNetwork } from '../client-network.js';
import { TooManyRequestsError } from '../errors.js';

export interface LoginLimits {
  /** Failed logins per username from one address (a person mistyping, or a guesser at one account). */
  perUserAndAddress: number;
  /** Failed logins from one address across every username (a spray over many accounts). */
  perAddress: number;
  windowMs: number;
}

/** The numbers docs/api.md ("Login limits") promises. */
const DEFAULT_LOGIN_LIMITS: LoginLimits = { perUserAndAddress: 5, perAddress: 20, windowMs: 15 * 60_000 };

/** An attempt that has been counted; it stays counted as a failure unless it turns out to succeed. */
export interface LoginAttempt {
  succeeded(): void;
}

/**
 * Failed logins in a sliding window, per username + address and per address. An attempt is counted when it
 * starts, before the slow password check, so parallel guesses cannot all slip past a limit that is only looked at
 * first and recorded after: of 40 parallel guesses, 5 reach the password check and 35 get 429. A success takes its
 * own attempt back and clears the failures of that username + address.
 *
 * Kept in memory: the appliance is one process, and a restart forgetting the count is acceptable (the attacker
 * still pays scrypt per attempt).
 *
 * There is deliberately no server-wide count: failures from other devices would then refuse a right password from a
 * device that never failed, and anyone on the Wi-Fi could lock the whole staff out for the window.
 */
export class LoginLimiter {
  private readonly byUser = new Map<string, number[]>();
  private readonly byAddress = new Map<string, number[]>();

  constructor(
    private readonly clock: Clock,
    private readonly limits: LoginLimits = DEFAULT_LOGIN_LIMITS,
  ) {}

  /** Counts an attempt now, or throws 429 (with the seconds until one is allowed) when a limit is reached. */
  begin(username: string, from: string): LoginAttempt {
    const address = clientNetwork(from);
    const now = this.clock.now().getTime();
    const userKey = `${username.toLowerCase()}\u0000${address}`;
    const user = this.recent(this.byUser.get(userKey), now);
    const fromAddress = this.recent(this.byAddress.get(address), now);
    const checks: Array<[number[], number, string]> = [
      [user, this.limits.perUserAndAddress, 'Too many failed logins'],
      [fromAddress, this.limits.perAddress, 'Too many failed logins from this address'],
    ];
    const full = checks.filter(([list, limit]) => list.length >= limit);
    if (full.length > 0) {
      const wait = Math.max(...full.map(([list, limit]) => this.secondsUntilFree(list, limit, now)));
      throw new TooManyRequestsError(`${(full[0] as [number[], number, string])[2]}: try again in ${wait} s`, wait);
    }
    user.push(now);
    fromAddress.push(now);
    this.byUser.set(userKey, user);
    this.byAddress.set(address, fromAddress);
    if (this.byUser.size + this.byAddress.size > 50_000) this.prune(now);
    let settled = false;
    return {
      succeeded: () => {
        if (settled) return;
        settled = true;
        this.byUser.delete(userKey);
        removeOne(this.byAddress.get(address), now);
      },
    };
  }

  private recent(list: number[] | undefined, now: number): number[] {
    const since = now - this.limits.windowMs;
    return (list ?? []).filter((at) => at > since);
  }

  /** When the oldest attempt that keeps the list full leaves the window. */
  private secondsUntilFree(list: number[], limit: number, now: number): number {
    const freeing = list[list.length - limit] as number;
    return Math.max(1, Math.ceil((freeing + this.limits.windowMs - now) / 1000));
  }

  private prune(now: number): void {
    for (const map of [this.byUser, this.byAddress]) {
      for (const [key, list] of map) if (this.recent(list, now).length === 0) map.delete(key);
    }
  }
}

function removeOne(list: number[] | undefined, at: number): void {
  const index = list?.lastIndexOf(at) ?? -1;
  if (index >= 0) list?.splice(index, 1);
}
