import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { pageEncoder } from './page-bytes.ts';

const page = (rows: string) => `<!doctype html><html><body>${rows.repeat(200)}</body></html>`;

describe('pageEncoder', () => {
  it('sends each coding a browser accepts, and the page as it is to one that accepts none', async () => {
    const encode = pageEncoder();
    const html = page('<li>1234</li>');
    const br = await encode('/', html, 'gzip, deflate, br');
    expect(br.coding).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(html);
    const gzip = await encode('/', html, 'gzip');
    expect(gzip.coding).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(html);
    const plain = await encode('/', html, undefined);
    expect(plain.coding).toBeUndefined();
    expect(plain.body.toString()).toBe(html);
  });

  it('compresses a page once, however many ask for it at once, and a changed page anew', async () => {
    const encode = pageEncoder();
    // Equal pages built anew for each request (strings of their own), asked for together.
    const [first, second] = await Promise.all([
      encode('/', page('<li>1234</li>'), 'br'),
      encode('/', page('<li>1234</li>'), 'br'),
    ]);
    expect(second.body).toBe(first.body);
    expect((await encode('/', page('<li>1234</li>'), 'br')).body).toBe(first.body);
    const changed = await encode('/', page('<li>5678</li>'), 'br');
    expect(changed.body).not.toBe(first.body);
    expect(brotliDecompressSync(changed.body).toString()).toBe(page('<li>5678</li>'));
  });

  it('sends a page as it is while maxCompressing others are being compressed', async () => {
    const encode = pageEncoder({ maxCompressing: 1 });
    const [first, second] = await Promise.all([
      encode('/a', page('<li>1234</li>'), 'br'),
      encode('/b', page('<li>5678</li>'), 'br'),
    ]);
    expect(first.coding).toBe('br');
    expect(second).toEqual({ body: Buffer.from(page('<li>5678</li>')) });
    // Once the first is done, the next ask compresses it.
    expect((await encode('/b', page('<li>5678</li>'), 'br')).coding).toBe('br');
  });

  it('sends a page under minBytes as it is', async () => {
    const tiny = '<!doctype html><p>hi</p>';
    expect(await pageEncoder()('/', tiny, 'br')).toEqual({ body: Buffer.from(tiny) });
  });

  it('keeps at most maxEntries addresses, forgetting the least recently asked', async () => {
    const encode = pageEncoder({ maxEntries: 2 });
    const html = page('<li>1234</li>');
    const a = (await encode('/a', html, 'br')).body;
    const b = (await encode('/b', html, 'br')).body;
    expect((await encode('/a', html, 'br')).body).toBe(a); // /a is now the most recent
    await encode('/c', html, 'br'); // forgets /b
    expect((await encode('/a', html, 'br')).body).toBe(a);
    expect((await encode('/b', html, 'br')).body).not.toBe(b);
  });

  it('compresses at most maxPerSecond pages a second, and sends the rest as they are', async () => {
    let clock = 0;
    const encode = pageEncoder({ maxPerSecond: 2, now: () => clock });
    const codings = async (...keys: string[]) => {
      const answers = [];
      for (const key of keys)
        answers.push((await encode(key, page(`<li>${key}</li>`), 'br')).coding);
      return answers;
    };
    expect(await codings('/a', '/b', '/c')).toEqual(['br', 'br', undefined]);
    // A page already compressed is no new compression: it goes compressed within the second.
    expect(await codings('/a')).toEqual(['br']);
    clock = 999;
    expect(await codings('/c')).toEqual([undefined]);
    clock = 1000;
    expect(await codings('/c', '/d', '/e')).toEqual(['br', 'br', undefined]);
  });
});
