import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { chosenCoding, compressBody } from './compress.ts';

describe('chosenCoding', () => {
  it('prefers brotli, then gzip, as a browser asks', () => {
    expect(chosenCoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chosenCoding('gzip, deflate')).toBe('gzip');
    expect(chosenCoding('GZIP')).toBe('gzip');
  });

  it('sends none when nothing it can make is asked for', () => {
    expect(chosenCoding(undefined)).toBeUndefined();
    expect(chosenCoding('')).toBeUndefined();
    expect(chosenCoding('identity')).toBeUndefined();
    expect(chosenCoding('deflate, zstd')).toBeUndefined();
  });

  it('refuses a coding weighted q=0, and reads * as any other', () => {
    expect(chosenCoding('br;q=0, gzip')).toBe('gzip');
    expect(chosenCoding('br; q=0, gzip;q=0')).toBeUndefined();
    expect(chosenCoding('*')).toBe('br');
    expect(chosenCoding('*;q=0, gzip')).toBe('gzip');
    expect(chosenCoding('br;q=0.5, gzip;q=1')).toBe('br');
  });

  it('reads a malformed weight as a refusal, and survives any header', () => {
    expect(chosenCoding('br;q=lots, gzip')).toBe('gzip');
    expect(chosenCoding(',;,=;q=,br;;')).toBe('br');
    expect(chosenCoding('x'.repeat(16_000))).toBeUndefined();
  });
});

describe('compressBody', () => {
  const body = JSON.stringify(
    Array.from({ length: 168 }, (_, i) => ({ draw_hour: i % 24, first_prize: '0123' })),
  );

  it('gives back the same text, smaller', async () => {
    const br = await compressBody(body, 'br');
    const gz = await compressBody(body, 'gzip');
    expect(brotliDecompressSync(br).toString()).toBe(body);
    expect(gunzipSync(gz).toString()).toBe(body);
    expect(br.length).toBeLessThan(body.length / 4);
    expect(gz.length).toBeLessThan(body.length / 4);
  });

  it('compresses large answers off the event loop, each its own', async () => {
    const pages = ['a', 'b', 'c'].map((letter) => `[${`"${letter}",`.repeat(40_000)}"end"]`);
    const coded = pages.map((page, i) => compressBody(page, i === 1 ? 'gzip' : 'br'));
    for (const answer of coded) expect(answer).toBeInstanceOf(Promise);
    const [a, b, c] = await Promise.all(coded);
    expect(brotliDecompressSync(a!).toString()).toBe(pages[0]);
    expect(gunzipSync(b!).toString()).toBe(pages[1]);
    expect(brotliDecompressSync(c!).toString()).toBe(pages[2]);
  });
});
