import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodePng } from '../../server/src/lib/png.ts';
import { loadGlyphAtlas, renderDrawImage } from '../../server/src/static/og-image/draw-image.ts';
import { addDays, todayIn } from '../../src/shared/lottery-clock.ts';
import { startTestStack, type TestStack } from '../utils/stack.ts';

const siteUrl = 'https://lotto24.example';
const zone = 'Asia/Bangkok';
const root = path.resolve(import.meta.dirname, '../..');
const generic = readFileSync(path.join(root, 'public', 'og-image.png'));
const future = addDays(todayIn(zone), 2);
let distDir: string;
let stack: TestStack;

beforeAll(async () => {
  distDir = mkdtempSync(path.join(tmpdir(), 'lotto24-og-dist-'));
  writeFileSync(
    path.join(distDir, 'index.html'),
    '<html><head><title data-served>Lotto24</title></head><body></body></html>',
  );
  copyFileSync(path.join(root, 'public', 'og-image.png'), path.join(distDir, 'og-image.png'));
  stack = await startTestStack({ distDir, siteUrl, timezone: zone });
  // Two weeks of past draws, for many distinct previews; one number still ahead.
  await stack.pool.query(
    `insert into public.lottery_results (draw_date, draw_hour, draw_time, first_prize)
     select d::date, h, to_char(h, 'FM00') || ':30:00', lpad(((h * 37 + extract(day from d)::int * 101) % 10000)::text, 4, '0')
       from generate_series('2026-11-10'::date, '2026-11-23'::date, interval '1 day') d
      cross join generate_series(0, 23) h
      where not (d = '2026-11-22' and h = 3)`,
  );
  await stack.pool.query(
    `update public.lottery_results set first_prize = '4821' where draw_date = '2026-11-23' and draw_hour = 14`,
  );
  await stack.pool.query(
    `insert into public.lottery_results (draw_date, draw_hour, draw_time, first_prize) values ($1, 5, '05:30:00', '5555')`,
    [future],
  );
});
afterAll(async () => {
  await stack?.stop();
  rmSync(distDir, { recursive: true, force: true });
});

/** The page's preview tags, as a link previewer reads them (no script runs). */
async function preview(address: string) {
  const html = await (
    await fetch(`${stack.url}${address}`, { headers: { Accept: 'text/html' } })
  ).text();
  const meta = (key: string) =>
    new RegExp(`<meta data-served (?:name|property)="${key}" content="([^"]*)">`)
      .exec(html)?.[1]
      ?.replace(/&amp;/g, '&');
  return {
    image: meta('og:image'),
    twitter: meta('twitter:image'),
    width: meta('og:image:width'),
    height: meta('og:image:height'),
    alt: meta('og:image:alt'),
  };
}

/** Fetches an image the way a previewer does: by the absolute URL the page names, on this stack. */
const image = (url: string, headers: Record<string, string> = {}) =>
  fetch(`${stack.url}${url.replace(siteUrl, '')}`, { headers: { Accept: 'image/*', ...headers } });

describe('a draw page preview', () => {
  it('points og:image and twitter:image at its own image, which shows its number', async () => {
    const page = await preview('/draw/2026-11-23/14');
    expect(page.image).toMatch(
      new RegExp(`^${siteUrl}/og/draw/2026-11-23/14\\.png\\?v=[0-9a-f]{8}$`),
    );
    expect(page.twitter).toBe(page.image);
    expect([page.width, page.height]).toEqual(['1200', '630']);
    expect(page.alt).toBe('Draw 14:30 on 23 November 2026: first prize 4821');
    const response = await image(page.image!);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
    const png = Buffer.from(await response.arrayBuffer());
    expect(png.equals(generic)).toBe(false);
    const decoded = decodePng(png);
    expect([decoded.width, decoded.height]).toEqual([1200, 630]);
    // A previewer's revalidation costs no image.
    const again = await image(page.image!, { 'If-None-Match': response.headers.get('etag')! });
    expect(again.status).toBe(304);
  });

  it('serves English the image it always had, byte for byte', async () => {
    const page = await preview('/draw/2026-11-23/14');
    // The page's address and token as they were before the plain image (draw-images.test.ts).
    expect(page.image).toBe(`${siteUrl}/og/draw/2026-11-23/14.png?v=d27180d4`);
    const served = Buffer.from(await (await image(page.image!)).arrayBuffer());
    const english = renderDrawImage(loadGlyphAtlas(), {
      date: '2026-11-23',
      hour: 14,
      prize: '4821',
    });
    expect(served.equals(english)).toBe(true);
  });

  it("points every other language's page at the plain image, which has no words", async () => {
    const atlas = loadGlyphAtlas();
    const content = { date: '2026-11-23', hour: 14, prize: '4821' };
    const plain = renderDrawImage(atlas, { ...content, plain: true });
    const english = await image('/og/draw/2026-11-23/14.png');
    const englishTag = english.headers.get('etag');
    await english.arrayBuffer();
    for (const locale of ['th', 'lo', 'vi', 'zh', 'ms']) {
      const page = await preview(`/${locale}/draw/2026-11-23/14`);
      expect(page.image, locale).toMatch(
        new RegExp(`^${siteUrl}/og/draw/2026-11-23/14-plain\\.png\\?v=[0-9a-f]{8}$`),
      );
      expect(page.image, locale).not.toContain('v=d27180d4');
      expect(page.twitter, locale).toBe(page.image);
      expect(page.alt, locale).not.toMatch(/first prize/);
      const response = await image(page.image!);
      expect(response.status, locale).toBe(200);
      expect(response.headers.get('content-type'), locale).toBe('image/png');
      expect(response.headers.get('cache-control'), locale).toBe('public, max-age=3600');
      const tag = response.headers.get('etag');
      expect(tag, locale).not.toBe(englishTag);
      // Digits, "-" and ":" only: draw-image.test.ts renders it with every other glyph removed.
      expect(Buffer.from(await response.arrayBuffer()).equals(plain), locale).toBe(true);
      const again = await image(page.image!, { 'If-None-Match': tag! });
      expect(again.status, locale).toBe(304);
    }
  });

  it('answers the plain address of a draw without a number with the generic image', async () => {
    for (const address of [`/og/draw/${future}/5-plain.png`, '/og/draw/2026-11-22/3-plain.png']) {
      const response = await image(address);
      expect(response.status, address).toBe(200);
      expect(Buffer.from(await response.arrayBuffer()).equals(generic), address).toBe(true);
    }
    expect((await preview(`/th/draw/${future}/5`)).image).toBe(`${siteUrl}/og-image.png`);
  });

  it('gives two draws two images, and the served image ignores the query', async () => {
    const a = Buffer.from(await (await image('/og/draw/2026-11-23/14.png')).arrayBuffer());
    const b = Buffer.from(await (await image('/og/draw/2026-11-23/13.png')).arrayBuffer());
    const c = Buffer.from(
      await (await image('/og/draw/2026-11-23/14.png?v=junk&n=0000')).arrayBuffer(),
    );
    expect(a.equals(b)).toBe(false);
    expect(a.equals(c)).toBe(true);
  });

  it('shows no number for a draw still ahead, even when the database holds one', async () => {
    const page = await preview(`/draw/${future}/5`);
    expect(page.image).toBe(`${siteUrl}/og-image.png`);
    expect(page.alt).toBe('Lotto24: hourly lottery results');
    const response = await image(`/og/draw/${future}/5.png`);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(generic)).toBe(true);
    expect(response.headers.get('cache-control')).toBe('public, max-age=60');
  });

  it('shows no number for a past draw without a result', async () => {
    expect((await preview('/draw/2026-11-22/3')).image).toBe(`${siteUrl}/og-image.png`);
    const response = await image('/og/draw/2026-11-22/3.png');
    expect(Buffer.from(await response.arrayBuffer()).equals(generic)).toBe(true);
  });

  it('keeps the generic image on every other page', async () => {
    for (const address of ['/', '/grid', '/check?n=1234', '/nowhere'])
      expect((await preview(address)).image, address).toBe(`${siteUrl}/og-image.png`);
  });
});

describe('bad image addresses', () => {
  it('answer 404 at once, never an error', async () => {
    const bad = [
      '/og/draw/junk.png',
      '/og/draw/2026-11-23/25.png',
      '/og/draw/2026-11-23/24.png',
      '/og/draw/2026-11-23/07.png',
      '/og/draw/2026-11-23/7.jpg',
      '/og/draw/2026-02-30/1.png',
      '/og/draw/1999-12-31/1.png',
      '/og/draw/2100-01-01/1.png',
      '/og/draw/%3Cscript%3E/1.png',
      `/og/draw/${'9'.repeat(5000)}/1.png`,
      '/og/draw/2026-11-23/14.png/extra',
      '/og/draw/2026-11-23/07-plain.png',
      '/og/draw/2026-11-23/24-plain.png',
      '/og/draw/2026-11-23/14-Plain.png',
      '/og/draw/2026-11-23/14-plain.jpg',
      '/og/draw/2026-11-23/14plain.png',
      '/og/draw/2026-11-23/14-plain-plain.png',
      '/og/draw/2026-11-23/-plain.png',
      '/og/draw/2100-01-01/1-plain.png',
      '/og/x',
    ];
    for (const address of bad) {
      const started = performance.now();
      const response = await image(address);
      await response.arrayBuffer();
      expect(response.status, address).toBe(404);
      expect(performance.now() - started, address).toBeLessThan(500);
    }
  });

  it('answer malformed addresses as a client error too', async () => {
    for (const address of [
      '/og/draw/%E0%A4%A/1.png',
      '/og/draw/2026-11-23/',
      '/og/draw//1.png',
      '/og/',
    ]) {
      const response = await image(address);
      await response.arrayBuffer();
      expect([400, 404], address).toContain(response.status);
    }
  });
});

describe('a stranger asking for many distinct draws', () => {
  it('gets an answer for each, while the stack draws only a bounded number of images', async () => {
    const addresses: string[] = [];
    for (let day = 10; day <= 23; day++)
      for (let hour = 0; hour < 24; hour++) addresses.push(`/og/draw/2026-11-${day}/${hour}.png`);
    const started = performance.now();
    const statuses: number[] = [];
    let numbered = 0;
    // 20 at a time, 336 distinct draws.
    for (let i = 0; i < addresses.length; i += 20) {
      const answers = await Promise.all(
        addresses.slice(i, i + 20).map((address) => image(address)),
      );
      for (const answer of answers) {
        statuses.push(answer.status);
        if (!Buffer.from(await answer.arrayBuffer()).equals(generic)) numbered += 1;
      }
    }
    const seconds = (performance.now() - started) / 1000;
    expect(statuses.every((status) => status === 200)).toBe(true);
    // The default budget: 10 new images a second (server/src/static/og-image/draw-images.ts).
    expect(numbered).toBeGreaterThan(0);
    expect(numbered).toBeLessThanOrEqual(Math.ceil(seconds + 1) * 10 + 10);
  });
});
