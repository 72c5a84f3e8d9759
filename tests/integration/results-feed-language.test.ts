import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEED_LANGUAGES } from '../../supabase/functions/results-feed/feed-words.ts';
import { LOCALES } from '../../src/shared/i18n/locales.ts';
import { startTestStack, type TestStack } from '../utils/stack.ts';

// supabase/functions/results-feed with `lang` on the local stack, read as a feed reader would
// (ADR 027): the feed's words and the pages it links to are in the language asked.

const SITE = 'https://lotto24.example';
let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack({ siteUrl: SITE, timezone: 'Asia/Bangkok' });
  await stack.pool.query(
    `insert into public.lottery_results (draw_date, draw_hour, draw_time, first_prize)
     values ('2001-01-01', 13, '13:30:00', '0042')`,
  );
});
afterAll(async () => {
  await stack?.stop();
});

const feedUrl = (query: string) => `${stack.url}/functions/v1/results-feed${query}`;

describe('the results feed in each language', () => {
  it('speaks the languages of the site, no more, no fewer', () => {
    expect([...FEED_LANGUAGES]).toEqual([...LOCALES]);
  });

  it('titles, describes and links a Thai feed in Thai', async () => {
    const response = await fetch(feedUrl('?format=rss&lang=th'));
    expect(response.status).toBe(200);
    const xml = await response.text();
    expect(xml).toContain('<title>ผลรางวัลรายชั่วโมง Lotto24</title>');
    expect(xml).toContain(`<link>${SITE}/th/</link>`);
    expect(xml).toContain('<language>th</language>');
    expect(xml).toContain(`<link>${SITE}/th/draw/2001-01-01/13</link>`);
    expect(xml).toContain('<title>0042: รอบที่ 14, 2001-01-01 13:30</title>');
  });

  it('gives the JSON Feed its language and its own address', async () => {
    const feed = (await (await fetch(feedUrl('?format=json&lang=vi'))).json()) as {
      title: string;
      language: string;
      feed_url: string;
      home_page_url: string;
    };
    expect(feed.title).toBe('Kết quả Lotto24 hằng giờ');
    expect(feed.language).toBe('vi');
    expect(feed.feed_url).toMatch(/\/functions\/v1\/results-feed\?format=json&lang=vi$/);
    expect(feed.home_page_url).toBe(`${SITE}/vi/`);
  });

  it('keeps English as it was, and refuses an unknown language with a clear 400', async () => {
    const english = await (await fetch(feedUrl('?format=rss'))).text();
    expect(english).toContain('<title>Lotto24 hourly results</title>');
    expect(english).toContain(`<link>${SITE}/draw/2001-01-01/13</link>`);
    const refused = await fetch(feedUrl('?lang=english'));
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      error: 'Unknown lang: use one of en, th, lo, vi, zh, ms',
    });
  });
});
