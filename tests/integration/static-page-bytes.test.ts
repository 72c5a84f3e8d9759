import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from '../utils/raw-request.ts';
import { startTestStack, type TestStack } from '../utils/stack.ts';

// The pages the stack sends are compressed once per distinct page, not per request
// (server/src/static/page-bytes.ts): brotli or gzip as the browser asks, else as they are.
let distDir: string;
let stack: TestStack;
// As the built index.html: its CSS inline, tens of KB.
const css = `<style>${'.row{display:flex}'.repeat(2000)}</style>`;

beforeAll(async () => {
  distDir = mkdtempSync(path.join(tmpdir(), 'lotto24-page-bytes-dist-'));
  writeFileSync(
    path.join(distDir, 'index.html'),
    `<html><head><title data-served>Lotto24</title>${css}<!-- runtime-config --></head>` +
      '<body><div id="root"></div></body></html>',
  );
  stack = await startTestStack({ distDir, timezone: 'UTC' });
});
afterAll(async () => {
  await stack?.stop();
  rmSync(distDir, { recursive: true, force: true });
});

const page = (headers: Record<string, string>) =>
  rawRequest(stack.url, '/history?date=2026-11-01', { accept: 'text/html', ...headers });

describe('a page as sent', () => {
  it('goes brotli to a browser, and is the page a client accepting no coding gets', async () => {
    const plain = await page({});
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await page({ 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(br.headers['content-security-policy']).toBe(plain.headers['content-security-policy']);
    // The day's rows carry their read time, so compare what does not change within a second.
    const withoutReadAt = (html: string) => html.replace(/"readAt":\d+/, '');
    expect(withoutReadAt(brotliDecompressSync(br.body).toString())).toBe(
      withoutReadAt(plain.body.toString()),
    );
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(plain.body.length / 5);
  });

  it('goes as it is to a client that takes only deflate, as the hashed files do', async () => {
    const deflateOnly = await page({ 'accept-encoding': 'deflate' });
    expect(deflateOnly.headers['content-encoding']).toBeUndefined();
    expect(deflateOnly.body.toString()).toContain(css);
  });
});

describe('the addresses of one page', () => {
  const ask = (address: string) =>
    rawRequest(stack.url, address, { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' });

  // At most two pages compress at once (page-bytes.ts), and past that a page goes as it is: were
  // each made-up address a page of its own, nearly all of these would go uncompressed.
  it('share its compression: made-up query strings and unknown paths, 40 at once', async () => {
    for (const address of [(i: number) => `/?n=${i}`, (i: number) => `/nope-${i}`]) {
      const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => ask(address(i))));
      expect(new Set(answers.map((answer) => answer.status)).size).toBe(1);
      expect(answers.filter((answer) => answer.headers['content-encoding'] !== 'br')).toEqual([]);
    }
  });
});

describe('pages of their own', () => {
  // Check with a number is a page of its own (its title and canonical name the number). Past 50
  // whole compressions a second, each goes as gzip from its route's pieces (page-bytes.ts).
  it('go compressed, each with its own meta, however many are asked for at once', async () => {
    const numbers = Array.from({ length: 80 }, (_, i) => String(1000 + i));
    const answers = await Promise.all(
      numbers.map((n) =>
        rawRequest(stack.url, `/check?n=${n}`, {
          accept: 'text/html',
          'accept-encoding': 'gzip, deflate, br',
        }),
      ),
    );
    const codings = answers.map((answer) => answer.headers['content-encoding']);
    expect(codings.filter((coding) => coding !== 'br' && coding !== 'gzip')).toEqual([]);
    expect(codings).toContain('gzip');
    const plain = await rawRequest(stack.url, '/check?n=1000', { accept: 'text/html' });
    answers.forEach((answer, i) => {
      const html = (
        answer.headers['content-encoding'] === 'gzip' ? gunzipSync : brotliDecompressSync
      )(answer.body).toString();
      expect(html).toBe(plain.body.toString().replaceAll('1000', numbers[i]!));
      expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
      expect(answer.body.length).toBeLessThan(plain.body.length / 2);
    });
  });
});
