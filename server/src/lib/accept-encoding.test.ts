import { describe, expect, it } from 'vitest';
import { preferredCoding } from './accept-encoding.ts';

const both = ['br', 'gzip'] as const;

describe('preferredCoding', () => {
  it('sends brotli to a browser, else gzip, else the file as it is', () => {
    expect(preferredCoding('gzip, deflate, br, zstd', both)).toBe('br');
    expect(preferredCoding('gzip, deflate', both)).toBe('gzip');
    expect(preferredCoding('BR', both)).toBe('br');
    expect(preferredCoding('deflate, zstd', both)).toBeUndefined();
    expect(preferredCoding(undefined, both)).toBeUndefined();
    expect(preferredCoding('', both)).toBeUndefined();
  });

  it('chooses only among the codings stored beside the file', () => {
    expect(preferredCoding('br, gzip', ['gzip'])).toBe('gzip');
    expect(preferredCoding('br', ['gzip'])).toBeUndefined();
    expect(preferredCoding('br, gzip', [])).toBeUndefined();
  });

  it('refuses a coding weighted q=0, and lets the higher weight win', () => {
    expect(preferredCoding('br;q=0, gzip', both)).toBe('gzip');
    expect(preferredCoding('br ; q = 0, gzip', both)).toBe('gzip');
    expect(preferredCoding('br;q=0, gzip;q=0', both)).toBeUndefined();
    expect(preferredCoding('gzip;q=1, br;q=0.5', both)).toBe('gzip');
    expect(preferredCoding('gzip;q=0.5, br;q=0.5', both)).toBe('br');
    expect(preferredCoding('br;q=lots, gzip', both)).toBe('gzip');
  });

  it('reads * as gzip and never refuses the file itself, as @fastify/static does', () => {
    expect(preferredCoding('*', both)).toBe('gzip');
    expect(preferredCoding('br;q=0, *', both)).toBe('gzip');
    expect(preferredCoding('*', ['br'])).toBeUndefined();
    expect(preferredCoding('identity;q=0', both)).toBeUndefined();
    expect(preferredCoding('br, identity;q=0', both)).toBe('br');
  });

  it('survives any header', () => {
    expect(preferredCoding(',;,=;q=,br;;', both)).toBe('br');
    expect(preferredCoding('x'.repeat(16_000), both)).toBeUndefined();
  });
});
