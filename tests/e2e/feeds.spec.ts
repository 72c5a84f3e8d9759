import { expect, test } from '@playwright/test';
import { lotteryDay } from './public-data.ts';

// The feeds the pages announce, read as a feed reader finds them: from the page head's
// alternate links, parsed by the browser's own XML parser (supabase/functions/results-feed).

test('the page head links both feeds, and each is a feed of the latest draws', async ({
  page,
  baseURL,
}) => {
  await page.goto('/');
  const rss = page.locator('link[rel="alternate"][type="application/rss+xml"]');
  const json = page.locator('link[rel="alternate"][type="application/feed+json"]');
  await expect(rss).toHaveAttribute('title', /Lotto24/);
  await expect(json).toHaveAttribute('title', /Lotto24/);

  const rssResponse = await page.request.get((await rss.getAttribute('href'))!);
  expect(rssResponse.headers()['content-type']).toBe('application/rss+xml; charset=utf-8');
  const xml = await rssResponse.text();
  const items = await page.evaluate((source) => {
    const doc = new DOMParser().parseFromString(source, 'application/xml');
    if (doc.querySelector('parsererror')) return null;
    return Array.from(doc.querySelectorAll('rss[version="2.0"] > channel > item')).map((item) => ({
      link: item.querySelector('link')?.textContent,
      pubDate: item.querySelector('pubDate')?.textContent,
    }));
  }, xml);
  expect(items).not.toBeNull();
  expect(items!.length).toBe(48);
  // The demo data has yesterday's draws: the newest 48 reach back into it.
  const newest = items![0]!;
  expect(newest.link).toMatch(new RegExp(`^${baseURL}/draw/\\d{4}-\\d{2}-\\d{2}/\\d{1,2}$`));
  expect(items!.some((item) => item.link?.includes(`/draw/${lotteryDay(-1)}/`))).toBe(true);
  expect(Number.isNaN(Date.parse(newest.pubDate!))).toBe(false);

  const feedResponse = await page.request.get((await json.getAttribute('href'))!);
  expect(feedResponse.headers()['content-type']).toBe('application/feed+json; charset=utf-8');
  const feed = (await feedResponse.json()) as {
    version: string;
    title: string;
    items: { id: string; url: string; content_text: string }[];
  };
  expect(feed.version).toBe('https://jsonfeed.org/version/1.1');
  expect(feed.title).toBeTruthy();
  expect(feed.items.map((item) => item.url)).toEqual(items!.map((item) => item.link));
  for (const item of feed.items) expect(item.id && item.content_text).toBeTruthy();
});
