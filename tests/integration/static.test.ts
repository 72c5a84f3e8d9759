import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http, { type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../../scripts/vite-precompress.ts';
import { startTestStack, type TestStack } from '../utils/stack.ts';

const script = `export const digits = '${'0123456789'.repeat(500)}';\n`;
let distDir: string;
let stack: TestStack;

/** Vite's manifest of a build whose auth page shares a chunk with the entry. */
const manifest = {
  'index.html': { file: 'assets/app-abc123.js', imports: ['_shared.js'] },
  '_shared.js': { file: 'assets/shared-1.js' },
  'src/features/auth/auth-page.tsx': {
    file: 'assets/auth-page-1.js',
    imports: ['_shared.js', '_form.js'],
  },
  '_form.js': { file: 'assets/form-1.js' },
};

/** A built app as Vite leaves it, run through the same precompress plugin the build uses. */
function buildFakeApp(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'lotto24-dist-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<html><head><!-- runtime-config --></head><body></body></html>',
  );
  mkdirSync(path.join(dir, '.vite'));
  writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), script);
  const hook = precompress().writeBundle as (options: { dir: string }, bundle: object) => void;
  hook({ dir }, { 'index.html': {}, 'assets/app-abc123.js': {} });
  return dir;
}

/** The bytes as sent: fetch would decode them, hiding which file the stack chose. */
function get(url: string, acceptEncoding: string) {
  return new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers: { 'Accept-Encoding': acceptEncoding } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ headers: response.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

beforeAll(async () => {
  distDir = buildFakeApp();
  stack = await startTestStack({ distDir });
});
afterAll(async () => {
  await stack?.stop();
  rmSync(distDir, { recursive: true, force: true });
});

describe('static app', () => {
  it('serves the build-time brotli file to browsers that accept it', async () => {
    const { headers, body } = await get(`${stack.url}/assets/app-abc123.js`, 'gzip, br');
    expect(headers['content-encoding']).toBe('br');
    expect(headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(body).toString()).toBe(script);
  });

  it('falls back to gzip, then to the plain file', async () => {
    const gzip = await get(`${stack.url}/assets/app-abc123.js`, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(script);

    const plain = await get(`${stack.url}/assets/app-abc123.js`, 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it('serves every app route with the runtime config, and unknown pages as 404', async () => {
    const page = await fetch(`${stack.url}/history`, { headers: { Accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`"supabaseAnonKey":"${stack.anonKey}"`);

    const missing = await fetch(`${stack.url}/no-such-page`, { headers: { Accept: 'text/html' } });
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('__LOTTO24_CONFIG__');
  });

  it('sends pages with headers that forbid framing and share no window', async () => {
    const page = await fetch(`${stack.url}/`, { headers: { Accept: 'text/html' } });
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    // Scripts: this origin, and the page's one inline script (the runtime config) by its hash.
    const inline = /<script>([\s\S]*?)<\/script>/.exec(await page.text())![1]!;
    const hash = createHash('sha256').update(inline).digest('base64');
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}' 'unsafe-inline';`);
    expect(page.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    // HTTPS only: the local stack speaks plain HTTP, a TLS proxy in front adds it.
    expect(page.headers.get('strict-transport-security')).toBeNull();
  });

  it('names the chunks of a lazy page on its route, to download beside the entry', async () => {
    const auth = await (await fetch(`${stack.url}/auth`)).text();
    const preloaded = [...auth.matchAll(/rel="modulepreload" crossorigin href="([^"]+)"/g)];
    expect(preloaded.map((match) => match[1])).toEqual([
      '/assets/auth-page-1.js',
      '/assets/form-1.js',
    ]);
    expect(await (await fetch(`${stack.url}/`)).text()).not.toContain('modulepreload');
  });

  it('does not serve the build manifest', async () => {
    const response = await fetch(`${stack.url}/.vite/manifest.json`);
    expect(response.status).toBe(404);
  });
});
