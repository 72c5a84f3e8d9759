import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { pageEncoder } from './page-bytes.ts';

const page = (rows: string) => `<!doctype html><html><body>${rows.repeat(200)}</body></html>`;

describe('pageEncoder', () => {
  it('sends each coding a browser accepts, and the page as it is to one that accepts none', () => {
    const encode = pageEncoder();
    const html = page('<li>1234</li>');
    const br = encode('/', html, 'gzip, deflate, br');
    expect(br.coding).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(html);
    const gzip = encode('/', html, 'gzip');
    expect(gzip.coding).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(html);
    const plain = encode('/', html, undefined);
    expect(plain.coding).toBeUndefined();
    expect(plain.body.toString()).toBe(html);
  });

  it('compresses a page once, however many ask for it, and a changed page anew', () => {
    const encode = pageEncoder();
    const first = encode('/', page('<li>1234</li>'), 'br');
    // An equal page built anew for the next request (a string of its own) finds the same bytes.
    expect(encode('/', page('<li>1234</li>'), 'br').body).toBe(first.body);
    const changed = encode('/', page('<li>5678</li>'), 'br');
    expect(changed.body).not.toBe(first.body);
    expect(brotliDecompressSync(changed.body).toString()).toBe(page('<li>5678</li>'));
  });

  it('sends a page under minBytes as it is', () => {
    const tiny = '<!doctype html><p>hi</p>';
    expect(pageEncoder()('/', tiny, 'br')).toEqual({ body: Buffer.from(tiny) });
  });

  it('keeps at most maxEntries addresses, forgetting the least recently asked', () => {
    const encode = pageEncoder({ maxEntries: 2 });
    const html = page('<li>1234</li>');
    const a = encode('/a', html, 'br').body;
    const b = encode('/b', html, 'br').body;
    expect(encode('/a', html, 'br').body).toBe(a); // /a is now the most recent
    encode('/c', html, 'br'); // forgets /b
    expect(encode('/a', html, 'br').body).toBe(a);
    expect(encode('/b', html, 'br').body).not.toBe(b);
  });
});
