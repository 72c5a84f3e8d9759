/**
 * What one realtime socket may cost the stack (ADR 008). supabase/realtime's defaults are per
 * tenant (`max_events_per_second` 100, `max_joins_per_second` 100, `max_channels_per_client`
 * 100, 5 MB frames); the local stack has one tenant that every visitor shares, so a per-tenant
 * budget would let one visitor exhaust it for all. The same figures apply per socket instead, and
 * the ones that cost database work (joins, bindings, filters) are tighter.
 */
export const LIMITS = {
  /** ws `maxPayload`: a larger frame closes the socket with 1009 before it is buffered whole. */
  frameBytes: 1024 * 1024,
  /** Frames of any kind (heartbeats included) in one second: realtime's max_events_per_second. */
  framesPerSecond: 100,
  /** Bytes received in one second: one full-size frame. */
  bytesPerSecond: 1024 * 1024,
  /** Frames received but not yet handled; past this the socket stops being read. */
  queuedFrames: 64,
  queuedBytes: 2 * 1024 * 1024,
  /** Channels joined at once: realtime's max_channels_per_client. */
  channels: 100,
  /** Joins in one second: half the frame rate, as each join costs catalog queries. */
  joinsPerSecond: 50,
  /** Joins doing database work at once, over all sockets: realtime never holds more pool. */
  concurrentJoins: 2,
  /** postgres_changes bindings in one join, and filter segments over all of them. */
  bindingsPerJoin: 100,
  filtersPerJoin: 100,
  /** Nesting of arrays and objects in a frame; deeper frames are answered without parsing. */
  jsonDepth: 64,
} as const;

/** Counts events in fixed one-second windows. */
export class RateWindow {
  private started = 0;
  private used = 0;

  constructor(private readonly limit: number) {}

  /** Adds `amount`; false once the window's total passes the limit. */
  take(amount = 1, now = Date.now()): boolean {
    if (now - this.started >= 1000) {
      this.started = now;
      this.used = 0;
    }
    this.used += amount;
    return this.used <= this.limit;
  }
}

/** A FIFO semaphore: at most `size` holders at once. */
export class Gate {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly size: number) {}

  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.active >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active++;
    try {
      return await fn();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }
}
