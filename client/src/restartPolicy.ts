/**
 * What to do when the language server process dies: restart it, tell the user the first time
 * only, and give up (saying so) when it keeps dying. Pure, so it is tested without VS Code.
 */
export type CrashResponse = 'restart-and-tell' | 'restart' | 'give-up';

export class RestartPolicy {
  private crashes: number[] = [];
  private told = false;

  /** At most `maxCrashes` restarts within `windowMs`; the next crash within it gives up. */
  constructor(
    private readonly maxCrashes = 5,
    private readonly windowMs = 3 * 60_000,
  ) {}

  onCrash(now: number): CrashResponse {
    this.crashes = this.crashes.filter((t) => now - t < this.windowMs);
    this.crashes.push(now);
    if (this.crashes.length > this.maxCrashes) return 'give-up';
    if (this.told) return 'restart';
    this.told = true;
    return 'restart-and-tell';
  }
}
