import { describe, expect, it } from 'vitest';
import { BoundedCache } from './bounded-cache.ts';

describe('BoundedCache', () => {
  it('never holds more than max, evicting the least recently used', () => {
    const cache = new BoundedCache<string, number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1); // a is now more recent than b
    expect(cache.set('c', 3)).toEqual(['b', 2]);
    expect(cache.size).toBe(2);
    expect(cache.peek('b')).toBeUndefined();
    expect(cache.peek('a')).toBe(1);
    expect(cache.peek('c')).toBe(3);
  });

  it('peek leaves the order alone; replacing a key evicts nothing', () => {
    const cache = new BoundedCache<string, number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.peek('a');
    expect(cache.set('b', 20)).toBeUndefined();
    expect(cache.set('c', 3)).toEqual(['a', 1]);
  });

  it('refuses a ceiling below one', () => {
    expect(() => new BoundedCache(0)).toThrow(RangeError);
  });
});
