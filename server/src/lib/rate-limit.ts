import { BoundedCache } from './bounded-cache.ts';

/**
 * An in-memory sliding-window rate limiter (the "sliding window counter" approximation: the
 * previous window's count, weighted by how much of it still overlaps, plus the current one).
 * Two integers per key instead of a log of timestamps, and no burst of 2x at window edges as
 * with a fixed window. Keys are kept in least-recently-used order and capped at `maxKeys`, so a
 * flood of distinct keys (made-up emails, spoofed addresses) costs bounded memory.
 */
export interface RateLimiterOptions {
  /** Hits allowed per window. */
  limit: number;
  windowMs: number;
  maxKeys?: number;
  /** Injectable clock for tests. */
  now?: () => number;
}

interface Entry {
  windowStart: number;
  current: number;
  previous: number;
}

export class RateLimiter {
  readonly limit: number;
  readonly windowMs: number;
  private readonly now: () => number;
  private readonly entries: BoundedCache<string, Entry>;

  constructor(options: RateLimiterOptions) {
    if (!(options.windowMs > 0)) throw new RangeError('windowMs must be positive');
    this.limit = Math.max(0, Math.floor(options.limit));
    this.windowMs = options.windowMs;
    this.entries = new BoundedCache(Math.max(1, options.maxKeys ?? 10_000));
    this.now = options.now ?? Date.now;
  }

  /** The estimated number of hits for `key` over the last window. */
  count(key: string): number {
    const entry = this.entries.peek(key);
    if (!entry) return 0;
    const now = this.now();
    this.roll(entry, now);
    const overlap = 1 - (now - entry.windowStart) / this.windowMs;
    return entry.previous * overlap + entry.current;
  }

  /** Whether one more hit would go over the limit (without counting one). */
  isLimited(key: string): boolean {
    return this.count(key) + 1 > this.limit;
  }

  /** Counts a hit. */
  hit(key: string): void {
    const now = this.now();
    let entry = this.entries.peek(key);
    if (entry) this.roll(entry, now);
    else entry = { windowStart: this.windowStartOf(now), current: 0, previous: 0 };
    entry.current += 1;
    this.entries.set(key, entry);
  }

  /** Counts a hit unless the key is over its limit; refused hits are not counted. */
  consume(key: string): boolean {
    if (this.isLimited(key)) return false;
    this.hit(key);
    return true;
  }

  /** Forgets `key`'s hits (a fresh one-time code starts with none). */
  reset(key: string): void {
    this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }

  private windowStartOf(now: number): number {
    return Math.floor(now / this.windowMs) * this.windowMs;
  }

  private roll(entry: Entry, now: number): void {
    const start = this.windowStartOf(now);
    if (start === entry.windowStart) return;
    entry.previous = start - entry.windowStart === this.windowMs ? entry.current : 0;
    entry.current = 0;
    entry.windowStart = start;
  }
}
