import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rate-limit.ts';

function clock(start = 1_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => void (t += ms) };
}

describe('RateLimiter', () => {
  it('allows `limit` hits per window and refuses the next', () => {
    const c = clock();
    const limiter = new RateLimiter({ limit: 3, windowMs: 1000, now: c.now });
    expect([1, 2, 3, 4].map(() => limiter.consume('ip'))).toEqual([true, true, true, false]);
    // Keys are independent.
    expect(limiter.consume('other')).toBe(true);
  });

  it('does not count refused hits, so a blocked client recovers', () => {
    const c = clock();
    const limiter = new RateLimiter({ limit: 2, windowMs: 1000, now: c.now });
    limiter.consume('k');
    limiter.consume('k');
    for (let i = 0; i < 50; i++) expect(limiter.consume('k')).toBe(false);
    c.advance(2000);
    expect(limiter.consume('k')).toBe(true);
  });

  it('slides: hits of the previous window weigh by their overlap', () => {
    const c = clock(0);
    const limiter = new RateLimiter({ limit: 4, windowMs: 1000, now: c.now });
    c.advance(900);
    for (let i = 0; i < 4; i++) expect(limiter.consume('k')).toBe(true);
    // A fixed window would reset here and allow 4 more at once.
    c.advance(200); // t = 1100: 90% of the previous window still counts (3.6)
    expect(limiter.count('k')).toBeCloseTo(3.6);
    expect(limiter.consume('k')).toBe(false);
    c.advance(500); // t = 1600: 40% (1.6) -> two more fit
    expect(limiter.consume('k')).toBe(true);
    expect(limiter.consume('k')).toBe(true);
    expect(limiter.consume('k')).toBe(false);
    c.advance(1500); // two windows later, all forgotten
    expect(limiter.count('k')).toBe(0);
  });

  it('separates hit and check for counting only failures', () => {
    const limiter = new RateLimiter({ limit: 2, windowMs: 1000, now: clock().now });
    expect(limiter.isLimited('e')).toBe(false);
    limiter.hit('e');
    limiter.hit('e');
    expect(limiter.isLimited('e')).toBe(true);
  });

  it('keeps at most maxKeys keys, evicting the least recently used', () => {
    const limiter = new RateLimiter({ limit: 1, windowMs: 60_000, maxKeys: 3, now: clock().now });
    limiter.hit('a');
    limiter.hit('b');
    limiter.hit('c');
    limiter.hit('a'); // a is now the most recent
    for (let i = 0; i < 1000; i++) limiter.hit(`flood-${i}`);
    expect(limiter.size).toBe(3);
    limiter.hit('a');
    limiter.hit('d');
    limiter.hit('e');
    expect(limiter.isLimited('e')).toBe(true);
    expect(limiter.count('flood-0')).toBe(0);
  });

  it('with limit 0 refuses everything', () => {
    const limiter = new RateLimiter({ limit: 0, windowMs: 1000 });
    expect(limiter.consume('k')).toBe(false);
  });
});
