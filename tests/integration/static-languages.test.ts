import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localizedManifestFiles } from '../../scripts/vite-localized-manifests.ts';
import { startTestStack, type TestStack } from '../utils/stack.ts';

// What the stack serves around the app in each language (ADR 027): the noscript line, the feed
// links, the web app manifest, and one address for a language's Today.

const siteUrl = 'https://lotto24.example';
const template = readFileSync(path.resolve('index.html'), 'utf8');
let distDir: string;
let stack: TestStack;

beforeAll(async () => {
  distDir = mkdtempSync(path.join(tmpdir(), 'lotto24-dist-'));
  writeFileSync(path.join(distDir, 'index.html'), template);
  copyFileSync(
    path.resolve('public/manifest.webmanifest'),
    path.join(distDir, 'manifest.webmanifest'),
  );
  // The languages' manifests as the build writes them (scripts/vite-localized-manifests.ts).
  const manifest = JSON.parse(readFileSync('public/manifest.webmanifest', 'utf8')) as Record<
    string,
    unknown
  >;
  for (const { fileName, source } of localizedManifestFiles(manifest, 'Lotto24')) {
    mkdirSync(path.dirname(path.join(distDir, fileName)), { recursive: true });
    writeFileSync(path.join(distDir, fileName), source);
  }
  stack = await startTestStack({ distDir, siteUrl, timezone: 'Asia/Bangkok' });
});
afterAll(async () => {
  await stack?.stop();
  rmSync(distDir, { recursive: true, force: true });
});

const page = async (address: string) => {
  const response = await fetch(`${stack.url}${address}`, { headers: { Accept: 'text/html' } });
  expect(response.status, address).toBe(200);
  return response.text();
};

describe('served HTML in each language', () => {
  it('serves Thai pages with Thai noscript, feed links and manifest', async () => {
    const html = await page('/th/history');
    expect(html).toContain('<noscript>Lotto24 ต้องใช้ JavaScript เพื่อแสดงผลรางวัลรายชั่วโมง</noscript>');
    expect(html).toMatch(
      /title="ผลรางวัล Lotto24 \(RSS\)"\s+href="\/functions\/v1\/results-feed\?format=rss&amp;lang=th"/,
    );
    expect(html).toMatch(
      /title="ผลรางวัล Lotto24 \(JSON Feed\)"\s+href="\/functions\/v1\/results-feed\?format=json&amp;lang=th"/,
    );
    expect(html).toContain('<link rel="manifest" href="/th/manifest.webmanifest" />');
    expect(html).not.toContain('needs JavaScript');
  });

  it('serves English as index.html has it: noscript, feed links, manifest', async () => {
    const html = await page('/history');
    const kept = (pattern: RegExp) => pattern.exec(template)![0];
    for (const part of [
      kept(/<noscript>[^<]*<\/noscript>/),
      kept(/<link\s+rel="alternate"\s+type="application\/rss\+xml"[^>]*>/),
      kept(/<link\s+rel="alternate"\s+type="application\/feed\+json"[^>]*>/),
      kept(/<link rel="manifest"[^>]*>/),
    ])
      expect(html).toContain(part);
  });

  it('links each language to a manifest in it, starting at its Today', async () => {
    for (const [locale, name] of [
      ['th', 'ผลรางวัลรายชั่วโมง Lotto24'],
      ['zh', 'Lotto24 每小时开奖结果'],
    ] as const) {
      const response = await fetch(`${stack.url}/${locale}/manifest.webmanifest`);
      expect(response.headers.get('content-type')).toContain('application/manifest+json');
      const manifest = (await response.json()) as Record<string, unknown>;
      expect(manifest).toMatchObject({
        name,
        short_name: 'Lotto24',
        lang: locale === 'zh' ? 'zh-Hans' : locale,
        start_url: `/${locale}/`,
        id: `/${locale}/`,
        scope: '/',
      });
    }
    const english = (await (await fetch(`${stack.url}/manifest.webmanifest`)).json()) as {
      name: string;
    };
    expect(english.name).toBe('Lotto24 hourly results');
  });

  it("gives a language's Today one address, `/th/`, as its canonical and hreflang write it", async () => {
    const bare = await fetch(`${stack.url}/th?x=1`, { redirect: 'manual' });
    expect(bare.status).toBe(301);
    expect(bare.headers.get('location')).toBe('/th/?x=1');
    const html = await page('/th/');
    expect(html).toContain(`rel="canonical" href="${siteUrl}/th/"`);
    expect(html).toContain(`hreflang="th" href="${siteUrl}/th/"`);
  });
});
