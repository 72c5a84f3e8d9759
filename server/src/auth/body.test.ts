import { describe, expect, it } from 'vitest';
import { assertJsonDepth, containsNul, MAX_JSON_DEPTH } from './body.ts';

describe('containsNul', () => {
  it('finds NUL in strings, keys and nested values, and nowhere else', () => {
    expect(containsNul('a\u0000b')).toBe(true);
    expect(containsNul({ ['k\u0000']: 1 })).toBe(true);
    expect(containsNul({ a: [1, { b: 'x\u0000' }] })).toBe(true);
    expect(containsNul({ a: [1, { b: 'x' }], c: null, d: true })).toBe(false);
    expect(containsNul('\\u0000')).toBe(false);
  });
});

describe('assertJsonDepth', () => {
  it('takes nesting as deep as Go’s decoder (10,000) and refuses deeper with its message', () => {
    const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
    expect(() => assertJsonDepth(nested(MAX_JSON_DEPTH))).not.toThrow();
    expect(() => assertJsonDepth(nested(MAX_JSON_DEPTH + 1))).toThrow(
      "Could not parse request body as JSON: invalid character '[' exceeded max depth",
    );
    expect(() => assertJsonDepth(`{"a":${nested(200_000)}}`)).toThrow(/exceeded max depth/);
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    expect(() => assertJsonDepth(JSON.stringify({ a: '[{'.repeat(20_000) }))).not.toThrow();
    expect(() => assertJsonDepth(JSON.stringify({ a: `\\"${'['.repeat(20_000)}` }))).not.toThrow();
  });

  it('walks a deep value for NUL without recursion', () => {
    let value: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i++) value = [value];
    expect(containsNul(value)).toBe(true);
  });
});
