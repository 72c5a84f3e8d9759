import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../../scripts/vite-precompress.ts';
import { rawRequest } from '../utils/raw-request.ts';
import { startTestStack, type TestStack } from '../utils/stack.ts';

// The hashed files under /assets/, which the stack reads into memory when it starts
// (server/src/static/hashed-assets.ts), answering as @fastify/static answered from disk.
const script = `export const digits = '${'0123456789'.repeat(500)}';\n`;
const style = `.digits { color: red; }\n`.repeat(100);
// Too small for the build to compress (scripts/vite-precompress.ts), and a font it never does.
const tiny = 'export const x = 1;\n';
const font = Buffer.from([0x77, 0x4f, 0x46, 0x32, 0, 1, 2, 3]);
// The feeds' stylesheet comes from public/, not from the bundle.
const feedStyle = `rss { display: block; }\n`.repeat(80);
const texts = {
  'app-abc123.js': script,
  'style-1.css': style,
  'tiny-1.js': tiny,
  'once-1.js': tiny,
};
const address = '/assets/app-abc123.js';
let distDir: string;
let stack: TestStack;

/** A built app as Vite leaves it, run through the same precompress plugin the build uses. */
function buildFakeApp(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'lotto24-assets-dist-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<html><head></head><body></body></html>');
  mkdirSync(path.join(dir, '.vite'));
  writeFileSync(path.join(dir, '.vite', 'manifest.json'), '{}');
  for (const [name, text] of Object.entries(texts))
    writeFileSync(path.join(dir, 'assets', name), text);
  writeFileSync(path.join(dir, 'assets', 'font-1.woff2'), font);
  // public/ as Vite copies it into the build: its files are not in the bundle.
  const publicDir = mkdtempSync(path.join(tmpdir(), 'lotto24-assets-public-'));
  for (const base of [publicDir, dir]) writeFileSync(path.join(base, 'feed.css'), feedStyle);
  const plugin = precompress();
  (plugin.configResolved as (config: { publicDir: string }) => void)({ publicDir });
  const hook = plugin.writeBundle as (options: { dir: string }, bundle: object) => void;
  hook({ dir }, Object.fromEntries(Object.keys(texts).map((name) => [`assets/${name}`, {}])));
  rmSync(publicDir, { recursive: true });
  return dir;
}

beforeAll(async () => {
  distDir = buildFakeApp();
  stack = await startTestStack({ distDir });
});
afterAll(async () => {
  await stack?.stop();
  rmSync(distDir, { recursive: true, force: true });
});

const stored = (name: string) => readFileSync(path.join(distDir, 'assets', name));
const send = (pathAndQuery: string, headers: Record<string, string> = {}, method = 'GET') =>
  rawRequest(stack.url, pathAndQuery, headers, method);
const get = (pathAndQuery: string, acceptEncoding: string) =>
  send(pathAndQuery, { 'Accept-Encoding': acceptEncoding });
const notFound = { message: 'no Route matched with those values' };

describe('hashed assets', () => {
  it('sends the stored file the Accept-Encoding picks, byte for byte, and its length', async () => {
    const cases: Array<[string, string | undefined, string]> = [
      ['gzip, deflate, br, zstd', 'br', 'app-abc123.js.br'],
      ['br;q=0, gzip', 'gzip', 'app-abc123.js.gz'],
      ['gzip;q=1, br;q=0.5', 'gzip', 'app-abc123.js.gz'],
      ['*', 'gzip', 'app-abc123.js.gz'],
      ['br;q=0, gzip;q=0', undefined, 'app-abc123.js'],
      ['identity;q=0', undefined, 'app-abc123.js'],
      // Never compressed per request: what is sent is what the build wrote.
      ['deflate', undefined, 'app-abc123.js'],
      ['', undefined, 'app-abc123.js'],
    ];
    for (const [accepted, coding, file] of cases) {
      const { status, headers, body } = await get(address, accepted);
      const seen = { accepted, status, coding: headers['content-encoding'] };
      expect(seen).toEqual({ accepted, status: 200, coding });
      expect(body.equals(stored(file))).toBe(true);
      expect(headers['content-length']).toBe(String(body.length));
    }
    const { body } = await get('/assets/style-1.css', 'br');
    expect(brotliDecompressSync(body).toString()).toBe(style);
  });

  it('says the answer varies, is cached for a year, and what it holds', async () => {
    for (const accepted of ['br', 'gzip', 'identity']) {
      const { headers } = await get(address, accepted);
      expect(headers.vary?.toLowerCase()).toBe('accept-encoding');
      expect(headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(headers['content-type']).toBe('application/javascript; charset=utf-8');
      expect(headers.etag).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/);
      expect(headers['last-modified']).toBeDefined();
    }
    const css = await get('/assets/style-1.css', 'br');
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    // One stored file: nothing to vary on, whatever is accepted.
    const woff2 = await get('/assets/font-1.woff2', 'gzip, br');
    expect(woff2.headers['content-type']).toBe('font/woff2');
    expect(woff2.headers.vary).toBeUndefined();
    expect(woff2.body.equals(font)).toBe(true);
    const small = await get('/assets/tiny-1.js', 'gzip, br');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body.toString()).toBe(tiny);
  });

  it("answers a revalidation with 304 and no body, per stored file's ETag", async () => {
    const br = await get(address, 'br');
    const etag = br.headers.etag!;
    const again = await send(address, { 'Accept-Encoding': 'br', 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect(again.headers.vary?.toLowerCase()).toBe('accept-encoding');
    expect(again.headers['cache-control']).toContain('immutable');
    // The plain file is another representation: the brotli one's tag does not stand for it.
    expect((await send(address, { 'If-None-Match': etag })).status).toBe(200);
    const since = { 'Accept-Encoding': 'br', 'If-Modified-Since': br.headers['last-modified']! };
    expect((await send(address, since)).status).toBe(304);
    const reload = { 'Accept-Encoding': 'br', 'If-None-Match': etag, 'Cache-Control': 'no-cache' };
    expect((await send(address, reload)).status).toBe(200);
  });

  it('answers HEAD with the headers of GET and no body; other methods are not found', async () => {
    for (const accepted of ['br', 'identity']) {
      const head = await send(address, { 'Accept-Encoding': accepted }, 'HEAD');
      const { headers } = await get(address, accepted);
      expect(head.status).toBe(200);
      expect(head.body.length).toBe(0);
      for (const name of ['content-length', 'content-encoding', 'content-type', 'etag', 'vary'])
        expect(head.headers[name]).toBe(headers[name]);
    }
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const { status, body } = await send(address, {}, method);
      expect(status).toBe(404);
      expect(JSON.parse(body.toString())).toEqual(notFound);
    }
  });

  it('reads each file once, when the stack starts', async () => {
    writeFileSync(path.join(distDir, 'assets', 'once-1.js'), 'changed on disk since');
    expect((await get('/assets/once-1.js', 'identity')).body.toString()).toBe(tiny);
  });

  it('leaves ranges and preconditions to @fastify/static, as before', async () => {
    const range = await send(address, { 'Accept-Encoding': 'identity', Range: 'bytes=0-9' });
    expect(range.status).toBe(206);
    expect(range.headers['content-range']).toBe(`bytes 0-9/${Buffer.byteLength(script)}`);
    expect(range.body.toString()).toBe(script.slice(0, 10));
    const ofBrotli = await send(address, { 'Accept-Encoding': 'br', Range: 'bytes=0-9' });
    expect(ofBrotli.headers['content-encoding']).toBe('br');
    expect(ofBrotli.body.equals(stored('app-abc123.js.br').subarray(0, 10))).toBe(true);
    expect((await send(address, { 'If-Match': '"another"' })).status).toBe(412);
  });

  it('ignores the query string, and finds only the exact names of the build', async () => {
    const query = await get(`${address}?v=2`, 'br');
    expect(query.status).toBe(200);
    expect(query.body.equals(stored('app-abc123.js.br'))).toBe(true);

    const unknown = await get('/assets/app-abc999.js', 'br');
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.body.toString())).toEqual(notFound);
    const page = await send('/assets/app-abc999.js', { Accept: 'text/html' });
    expect(page.status).toBe(404);
    expect(page.body.toString()).toContain('Page not found');
    expect((await get('/assets/APP-ABC123.JS', 'br')).status).toBe(404);
  });

  it('serves nothing outside the assets by any spelling of a path', async () => {
    const attempts: Array<[string, number]> = [
      ['/assets/../.vite/manifest.json', 403],
      ['/assets/%2e%2e/.vite/manifest.json', 403],
      ['/assets/..%2f.vite%2fmanifest.json', 404],
      ['/assets%2Fapp-abc123.js', 404],
      ['/assets//app-abc123.js', 403],
      ['/assets/./app-abc123.js', 403],
      ['/assets/app-abc123.js%00', 403],
      ['/assets/app-abc123.js/', 404],
    ];
    for (const [attempt, status] of attempts) {
      const answer = await get(attempt, 'identity');
      expect({ attempt, status: answer.status }).toEqual({ attempt, status });
      expect(answer.body.toString()).not.toContain('digits');
    }
  });
});

describe('files from public/', () => {
  it("go compressed as the build compressed them, like the bundle's", async () => {
    const br = await get('/feed.css', 'gzip, deflate, br');
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(feedStyle);
    expect((await get('/feed.css', 'identity')).body.toString()).toBe(feedStyle);
  });
});
