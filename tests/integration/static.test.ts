import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../../scripts/vite-precompress.ts';
import { resolveConfig } from '../../server/src/config.ts';
import { todayIn } from '../../src/shared/lottery-clock.ts';
import { rawRequest } from '../utils/raw-request.ts';
import { startTestStack, type TestStack } from '../utils/stack.ts';

const script = `export const digits = '${'0123456789'.repeat(500)}';\n`;
let distDir: string;
const siteUrl = 'https://lotto24.example';
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
  'src/i18n/catalogs/en.json?lingui&part=auth': { file: 'assets/en-auth.js' },
  'src/i18n/catalogs/th.json?lingui&part=auth': { file: 'assets/th-auth.js' },
  'src/i18n/catalogs/th.json?lingui&part=core': { file: 'assets/th-core.js' },
};

/** A built app as Vite leaves it, run through the same precompress plugin the build uses. */
function buildFakeApp(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'lotto24-dist-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<html><head><title data-served>Lotto24</title><!-- runtime-config --></head><body></body></html>',
  );
  mkdirSync(path.join(dir, '.vite'));
  writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), script);
  const hook = precompress().writeBundle as (options: { dir: string }, bundle: object) => void;
  hook({ dir }, { 'index.html': {}, 'assets/app-abc123.js': {} });
  return dir;
}

/** The bytes as sent: fetch would decode them, hiding which file the stack chose. */
const get = (url: string, acceptEncoding: string) =>
  rawRequest(url, new URL(url).pathname, { 'Accept-Encoding': acceptEncoding });

beforeAll(async () => {
  distDir = buildFakeApp();
  stack = await startTestStack({ distDir, siteUrl, timezone: 'Asia/Bangkok' });
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

  it("names a lazy page's chunks and the catalog parts its first render waits for", async () => {
    const preloaded = async (address: string) => {
      const html = await (await fetch(`${stack.url}${address}`)).text();
      return [...html.matchAll(/rel="modulepreload" crossorigin href="([^"]+)"/g)].map(
        (match) => match[1],
      );
    };
    expect(await preloaded('/auth')).toEqual([
      '/assets/auth-page-1.js',
      '/assets/form-1.js',
      '/assets/en-auth.js',
    ]);
    expect(await preloaded('/th/auth')).toEqual([
      '/assets/auth-page-1.js',
      '/assets/form-1.js',
      '/assets/th-core.js',
      '/assets/th-auth.js',
    ]);
    // English's core part is in the entry; Thai Today waits for Thai's.
    expect(await preloaded('/')).toEqual([]);
    expect(await preloaded('/th/')).toEqual(['/assets/th-core.js']);
  });

  it('does not serve the build manifest', async () => {
    const response = await fetch(`${stack.url}/.vite/manifest.json`);
    expect(response.status).toBe(404);
  });
});

/** The head as a crawler reads it: no script runs. */
async function served(pathAndQuery: string) {
  const response = await fetch(`${stack.url}${pathAndQuery}`, { headers: { Accept: 'text/html' } });
  const html = await response.text();
  const head = html.slice(0, html.indexOf('</head>'));
  const attr = (selector: RegExp) => selector.exec(head)?.[1];
  return {
    status: response.status,
    csp: response.headers.get('content-security-policy') ?? '',
    titles: [...head.matchAll(/<title[^>]*>([^<]*)<\/title>/g)].map((match) => match[1]),
    description: attr(/<meta data-served name="description" content="([^"]*)">/),
    canonical: attr(/<link data-served rel="canonical" href="([^"]*)">/),
    ogTitle: attr(/<meta data-served property="og:title" content="([^"]*)">/),
    ogUrl: attr(/<meta data-served property="og:url" content="([^"]*)">/),
    twitterTitle: attr(/<meta data-served name="twitter:title" content="([^"]*)">/),
    robots: attr(/<meta data-served name="robots" content="([^"]*)">/),
  };
}

describe('served page meta', () => {
  it('gives Today its own title, description, canonical and social tags before any script', async () => {
    const page = await served('/');
    expect(page.titles).toEqual(['Today&#39;s Results | Lotto24']);
    expect(page.description).toContain('hourly lottery draws');
    expect(page.canonical).toBe(`${siteUrl}/`);
    expect(page.ogUrl).toBe(`${siteUrl}/`);
    expect(page.ogTitle).toBe('Today&#39;s Results | Lotto24');
    expect(page.twitterTitle).toBe(page.ogTitle);
    expect(page.robots).toBeUndefined();
  });

  it('gives each History date its own title and canonical', async () => {
    const day = await served('/history?date=2024-05-01');
    expect(day.titles).toEqual(['Results of May 1, 2024 | Lotto24']);
    expect(day.description).toContain('May 1, 2024');
    expect(day.canonical).toBe(`${siteUrl}/history?date=2024-05-01`);

    // Today (lottery clock) and a date the page refuses (future, garbage) are the plain page.
    const today = todayIn('Asia/Bangkok');
    for (const query of ['', `?date=${today}`, '?date=2999-01-01', '?date=%3Cscript%3E']) {
      const plain = await served(`/history${query}`);
      expect(plain.titles).toEqual(['Results History | Lotto24']);
      expect(plain.canonical).toBe(`${siteUrl}/history`);
    }
  });

  it('gives the 404 page its own meta, kept out of search results', async () => {
    const page = await served('/no-such-page?x="><script>alert(1)</script>');
    expect(page.status).toBe(404);
    expect(page.titles).toEqual(['Page not found | Lotto24']);
    expect(page.robots).toBe('noindex');
    expect(page.canonical).toBe(`${siteUrl}/404`);
  });

  it('defaults the canonical host to the one the start banner prints', () => {
    const config = resolveConfig({ port: 4321 }, {});
    expect(new URL(config.siteUrl).host).toBe('127.0.0.1:4321');
    expect(new URL(stack.url).hostname).toBe('127.0.0.1');
  });

  it('limits every page to its own origin by Content-Security-Policy', async () => {
    for (const pathAndQuery of ['/', '/history?date=2024-05-01', '/admin', '/missing']) {
      const { csp } = await served(pathAndQuery);
      const directives = new Map(
        csp.split(';').map((directive) => {
          const [name, ...values] = directive.trim().split(/\s+/);
          return [name, values.join(' ')];
        }),
      );
      expect(directives.get('default-src')).toBe("'self'");
      expect(directives.get('connect-src')).toBe("'self'");
      expect(directives.get('form-action')).toBe("'self'");
      expect(directives.get('frame-ancestors')).toBe("'none'");
    }
  });
});
