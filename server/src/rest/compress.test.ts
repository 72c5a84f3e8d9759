import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressBody } from './compress.ts';

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
