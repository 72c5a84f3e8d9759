import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../utils/stack.ts';

// supabase/functions/results-feed on the local stack, read as a feed reader reads it: no key, no
// token, a conditional GET. The RSS goes through a strict XML parser (jsdom's DOMParser) and the
// JSON Feed through the spec's required fields; what either may show is the publication policy's.

const SITE = 'https://lotto24.example';
let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack({ siteUrl: SITE, timezone: 'Asia/Bangkok' });
  // Three published days (72 draws) and one draw far in the future, which no feed may show.
  await stack.pool.query(
    `insert into public.lottery_results (draw_date, draw_hour, draw_time, first_prize)
     select d::date, h, to_char(h, 'FM00') || ':30:00', to_char((h * 37 + extract(day from d)::int) % 10000, 'FM0000')
     from generate_series('2001-01-01'::date, '2001-01-03'::date, '1 day') d, generate_series(0, 23) h
     union all select '2099-01-01', 5, '05:30:00', '9999'`,
  );
});
afterAll(async () => {
  await stack?.stop();
});

const feedUrl = (query = '') => `${stack.url}/functions/v1/results-feed${query}`;

function parseRss(xml: string) {
  const doc = new new JSDOM('').window.DOMParser().parseFromString(xml, 'application/xml');
  expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
  const channel = doc.querySelector('rss[version="2.0"] > channel');
  if (!channel) throw new Error('no RSS 2.0 channel');
  const text = (parent: Element, name: string) =>
    parent.getElementsByTagName(name)[0]?.textContent ?? null;
  return {
    title: text(channel, 'title'),
    link: text(channel, 'link'),
    description: text(channel, 'description'),
    items: Array.from(channel.getElementsByTagName('item')).map((item) => ({
      title: text(item, 'title'),
      link: text(item, 'link'),
      guid: text(item, 'guid'),
      pubDate: text(item, 'pubDate'),
    })),
  };
}

/** The must-haves of JSON Feed 1.1 (https://jsonfeed.org/version/1.1), checked field by field. */
function expectValidJsonFeed(feed: Record<string, unknown>) {
  expect(feed.version).toBe('https://jsonfeed.org/version/1.1');
  expect(typeof feed.title).toBe('string');
  expect(Array.isArray(feed.items)).toBe(true);
  for (const item of feed.items as Record<string, unknown>[]) {
    expect(typeof item.id).toBe('string');
    expect(typeof item.content_text === 'string' || typeof item.content_html === 'string').toBe(
      true,
    );
    expect(new URL(item.url as string).href).toBe(item.url);
    // RFC 3339
    expect(item.date_published).toMatch(
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/,
    );
  }
}

describe('results-feed', () => {
  it('shows a browser the same RSS as a styled XML document; readers keep the feed type', async () => {
    // Chromium's navigation Accept header.
    const browser = await fetch(feedUrl(), {
      headers: { Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
    });
    expect(browser.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(browser.headers.get('vary')).toContain('Accept');
    const xml = await browser.text();
    expect(xml.split('\n')[1]).toBe(`<?xml-stylesheet type="text/css" href="${SITE}/feed.css"?>`);
    const reader = await fetch(feedUrl(), {
      headers: { Accept: 'application/rss+xml, application/xml;q=0.9' },
    });
    expect(reader.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    const readerXml = await reader.text();
    expect(parseRss(readerXml).items).toHaveLength(48);
    expect(readerXml).toBe(xml);
    // One body, two representations: each has its own validator.
    expect(reader.headers.get('etag')).not.toBe(browser.headers.get('etag'));
  });

  it('serves RSS 2.0 to a reader with no key or token: the 48 latest published draws', async () => {
    const response = await fetch(feedUrl());
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    const rss = parseRss(await response.text());
    expect(rss.title).toBe('Lotto24 hourly results');
    expect(rss.link).toBe(`${SITE}/`);
    expect(rss.items).toHaveLength(48);
    expect(rss.items[0]).toEqual({
      title: expect.stringMatching(/^\d{4}: draw #24, 2001-01-03 23:30$/),
      link: `${SITE}/draw/2001-01-03/23`,
      guid: `${SITE}/draw/2001-01-03/23`,
      // 23:30 in Bangkok (UTC+7)
      pubDate: 'Wed, 03 Jan 2001 16:30:00 GMT',
    });
    expect(rss.items.at(-1)?.link).toBe(`${SITE}/draw/2001-01-02/0`);
    expect(rss.items.some((item) => item.link?.includes('2099'))).toBe(false);
  });

  it('serves a valid JSON Feed 1.1 with the same draws', async () => {
    const response = await fetch(feedUrl('?format=json&utm_source=reader'));
    expect(response.headers.get('content-type')).toBe('application/feed+json; charset=utf-8');
    const feed = (await response.json()) as { items: { url: string }[]; feed_url: string };
    expectValidJsonFeed(feed);
    expect(feed.items).toHaveLength(48);
    expect(feed.items[0]?.url).toBe(`${SITE}/draw/2001-01-03/23`);
    expect(feed.feed_url).toBe(feedUrl('?format=json'));
  });

  it('is cacheable until the next draw and answers a conditional GET with 304', async () => {
    const first = await fetch(feedUrl());
    const maxAge = Number(
      /^public, max-age=(\d+)$/.exec(first.headers.get('cache-control') ?? '')?.[1],
    );
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(3600);
    // The rows were written after their draws, so the latest write is the feed's last change.
    const { rows } = await stack.pool.query<{ at: Date }>(
      'select max(updated_at) as at from public.lottery_results',
    );
    expect(first.headers.get('last-modified')).toBe(rows[0]!.at.toUTCString());
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await fetch(feedUrl(), { headers: { 'If-None-Match': etag } });
    expect([again.status, await again.text()]).toEqual([304, '']);
    // The JSON Feed is other bytes, so another tag.
    const json = await fetch(feedUrl('?format=json'), { headers: { 'If-None-Match': etag } });
    expect(json.status).toBe(200);
  });

  it('changes its tag when a draw changes', async () => {
    const before = (await fetch(feedUrl())).headers.get('etag')!;
    await stack.pool.query(
      `update public.lottery_results set first_prize = '0000' where draw_date = '2001-01-03' and draw_hour = 23`,
    );
    const after = await fetch(feedUrl(), { headers: { 'If-None-Match': before } });
    expect(after.status).toBe(200);
    expect(parseRss(await after.text()).items[0]?.title).toBe('0000: draw #24, 2001-01-03 23:30');
  });

  it('refuses what it cannot answer with 400 or 405, never 500', async () => {
    const bad = await fetch(feedUrl('?format=atom'));
    expect([bad.status, await bad.json()]).toEqual([
      400,
      { error: 'Unknown format: use format=rss or format=json' },
    ]);
    expect((await fetch(feedUrl(`?q=${'x'.repeat(5000)}`))).status).toBe(400);
    const post = await fetch(feedUrl(), { method: 'POST', body: 'x' });
    expect(post.status).toBe(405);
    const head = await fetch(feedUrl(), { method: 'HEAD' });
    expect([head.status, head.headers.get('content-type'), await head.text()]).toEqual([
      200,
      'application/rss+xml; charset=utf-8',
      '',
    ]);
  });
});
