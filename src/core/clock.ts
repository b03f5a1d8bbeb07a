/** The clock is injected everywhere so tests can move time across noon, 07:00, DST changes and hour boundaries. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock for tests and simulations: stands still until it is moved. */
export class ManualClock implements Clock {
  private current: number;

  constructor(start: Date | string | number) {
    this.current = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.current);
  }

  set(to: Date | string | number): void {
    this.current = new Date(to).getTime();
  }

  advance(ms: number): void {
    this.current += ms;
  }
}
