import { describe, expect, it } from 'vitest';
import { containsNul } from './body.ts';

describe('containsNul', () => {
  it('finds NUL in strings, keys and nested values, and nowhere else', () => {
    expect(containsNul('a\u0000b')).toBe(true);
    expect(containsNul({ ['k\u0000']: 1 })).toBe(true);
    expect(containsNul({ a: [1, { b: 'x\u0000' }] })).toBe(true);
    expect(containsNul({ a: [1, { b: 'x' }], c: null, d: true })).toBe(false);
    expect(containsNul('\\u0000')).toBe(false);
  });
});
