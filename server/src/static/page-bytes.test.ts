import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { gzipTemplate } from '../lib/gzip-template.ts';
import { pageEncoder, type PageSource } from './page-bytes.ts';

const html = (rows: string) => `<!doctype html><html><body>${rows.repeat(200)}</body></html>`;
/** A page whose one part is its whole HTML, built anew (a string of its own) for each ask. */
const page = (rows: string): PageSource => ({
  parts: [html(rows)],
  bytes: () => Buffer.from(html(rows)),
  gzip: () => gzipTemplate([Buffer.from(html(rows))]).fill([]),
});

describe('pageEncoder', () => {
  it('sends each coding a browser accepts, and the page as it is to one that accepts none', async () => {
    const encode = pageEncoder();
    const source = page('<li>1234</li>');
    const br = await encode('/', source, 'gzip, deflate, br');
    expect(br.coding).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(html('<li>1234</li>'));
    const gzip = await encode('/', source, 'gzip');
    expect(gzip.coding).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(html('<li>1234</li>'));
    const plain = await encode('/', source, undefined);
    expect(plain.coding).toBeUndefined();
    expect(plain.body.toString()).toBe(html('<li>1234</li>'));
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
    expect(brotliDecompressSync(changed.body).toString()).toBe(html('<li>5678</li>'));
  });

  it('builds a page only when its parts differ from the page kept under its key', async () => {
    const encode = pageEncoder();
    let built = 0;
    const counted = (rows: string): PageSource => ({
      ...page(rows),
      parts: [rows],
      bytes: () => (built++, Buffer.from(html(rows))),
    });
    await encode('/', counted('<li>1234</li>'), 'br');
    await encode('/', counted('<li>1234</li>'), undefined);
    expect(built).toBe(1);
    await encode('/', counted('<li>5678</li>'), 'br');
    expect(built).toBe(2);
  });

  it('sends a page from its pieces while maxCompressing others are being compressed', async () => {
    const encode = pageEncoder({ maxCompressing: 1 });
    const [first, second, third] = await Promise.all([
      encode('/a', page('<li>1234</li>'), 'br'),
      encode('/b', page('<li>5678</li>'), 'gzip, deflate, br'),
      encode('/c', page('<li>9012</li>'), 'br'),
    ]);
    expect(first.coding).toBe('br');
    expect(second.coding).toBe('gzip');
    expect(gunzipSync(second.body).toString()).toBe(html('<li>5678</li>'));
    // A client that takes no gzip gets the page as it is.
    expect(third).toEqual({ body: Buffer.from(html('<li>9012</li>')) });
    // Once the first is done, the next ask compresses it.
    expect((await encode('/b', page('<li>5678</li>'), 'br')).coding).toBe('br');
  });

  it('keeps at most maxEntries addresses, forgetting the least recently asked', async () => {
    const encode = pageEncoder({ maxEntries: 2 });
    const source = page('<li>1234</li>');
    const a = (await encode('/a', source, 'br')).body;
    const b = (await encode('/b', source, 'br')).body;
    expect((await encode('/a', source, 'br')).body).toBe(a); // /a is now the most recent
    await encode('/c', source, 'br'); // forgets /b
    expect((await encode('/a', source, 'br')).body).toBe(a);
    expect((await encode('/b', source, 'br')).body).not.toBe(b);
  });

  it('compresses at most maxPerSecond pages a second, and sends the rest from their pieces', async () => {
    let clock = 0;
    const encode = pageEncoder({ maxPerSecond: 2, now: () => clock });
    const codings = async (...keys: string[]) => {
      const answers = [];
      for (const key of keys) {
        const { body, coding } = await encode(key, page(`<li>${key}</li>`), 'gzip, br');
        if (coding === 'gzip') expect(gunzipSync(body).toString()).toBe(html(`<li>${key}</li>`));
        answers.push(coding);
      }
      return answers;
    };
    expect(await codings('/a', '/b', '/c')).toEqual(['br', 'br', 'gzip']);
    // A page already compressed is no new compression: it goes compressed within the second.
    expect(await codings('/a')).toEqual(['br']);
    clock = 999;
    expect(await codings('/c')).toEqual(['gzip']);
    clock = 1000;
    expect(await codings('/c', '/d', '/e')).toEqual(['br', 'br', 'gzip']);
  });

  it('builds no page as it is for an answer from the pieces', async () => {
    let built = 0;
    const encode = pageEncoder({ maxPerSecond: 0 });
    const source = { ...page('<li>1234</li>'), bytes: () => (built++, Buffer.alloc(0)) };
    expect((await encode('/', source, 'gzip')).coding).toBe('gzip');
    expect(built).toBe(0);
  });
});
