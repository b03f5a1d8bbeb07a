/** One conversation per printer at a time: many network printers take a single TCP connection. */
export class PrinterLocks {
  private readonly held = new Set<string>();

  tryAcquire(printerId: string): boolean {
    if (this.held.has(printerId)) return false;
    this.held.add(printerId);
    return true;
  }

  release(printerId: string): void {
    this.held.delete(printerId);
  }

  isHeld(printerId: string): boolean {
    return this.held.has(printerId);
  }
}
