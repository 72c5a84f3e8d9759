// The pure parts under Deno: the lottery clock, escaping, both renderings. The data path runs
// against the real stack in tests/integration/results-feed.test.ts.
import { drawInstant, secondsToNextDraw } from '../draw-time.ts';
import { buildFeed, escapeXml, renderJsonFeed, renderRss } from '../feed.ts';
import { FEED_LANGUAGES } from '../feed-words.ts';
import { matchesEtag, parseFeedRequest } from '../request.ts';
import { assert, assertEquals } from './assert.ts';

const context = {
  siteUrl: 'https://lotto24.example',
  feedUrl: 'https://api.example/functions/v1/results-feed',
  timeZone: 'Asia/Bangkok',
};
const row = (draw_date: string, draw_hour: number, first_prize: string) => ({
  draw_date,
  draw_hour,
  first_prize,
  updated_at: '2026-01-01T00:00:00Z',
});

Deno.test('a draw is HH:30 on the lottery clock, across zones and DST', () => {
  assertEquals(
    new Date(drawInstant('2026-11-23', 14, 'Asia/Bangkok')).toISOString(),
    '2026-11-23T07:30:00.000Z',
  );
  assertEquals(
    new Date(drawInstant('2026-11-23', 0, 'Asia/Kolkata')).toISOString(),
    '2026-11-22T19:00:00.000Z',
  );
  // New York: EDT (UTC-4) before 2026-11-01 02:00, EST (UTC-5) after.
  assertEquals(
    new Date(drawInstant('2026-10-31', 12, 'America/New_York')).toISOString(),
    '2026-10-31T16:30:00.000Z',
  );
  assertEquals(
    new Date(drawInstant('2026-11-01', 12, 'America/New_York')).toISOString(),
    '2026-11-01T17:30:00.000Z',
  );
});

Deno.test('a feed stays current until the next HH:30, however the zone is offset', () => {
  const at = (iso: string) => Date.parse(iso);
  assertEquals(secondsToNextDraw(at('2026-11-23T07:29:00Z'), 'Asia/Bangkok'), 60);
  assertEquals(secondsToNextDraw(at('2026-11-23T07:30:00Z'), 'Asia/Bangkok'), 3600);
  assertEquals(secondsToNextDraw(at('2026-11-23T07:31:00Z'), 'Asia/Bangkok'), 3540);
  // Kolkata is UTC+5:30: its HH:30 is the UTC hour.
  assertEquals(secondsToNextDraw(at('2026-11-23T07:59:59Z'), 'Asia/Kolkata'), 1);
  // Kathmandu is UTC+5:45.
  assertEquals(secondsToNextDraw(at('2026-11-23T07:45:00Z'), 'Asia/Kathmandu'), 3600);
});

Deno.test('escapes markup and drops what XML cannot carry', () => {
  assertEquals(
    escapeXml(`<a href="x">&'</a>`),
    '&lt;a href=&quot;x&quot;&gt;&amp;&apos;&lt;/a&gt;',
  );
  assertEquals(escapeXml('a\u0000b\u0008c\td\uFFFFe'), 'abc\tde');
  assertEquals(escapeXml('Zürich 🎲'), 'Zürich 🎲');
});

Deno.test('RSS items link to their draw page; markup in the site URL cannot break out', () => {
  const feed = buildFeed([row('2026-11-23', 14, '4017')], {
    ...context,
    siteUrl: 'https://x.example/<b>&',
  });
  const xml = renderRss(feed, context);
  assert(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<?xml-stylesheet'));
  assert(xml.includes('?>\n<rss version="2.0"'));
  assert(xml.includes('<link>https://x.example/&lt;b&gt;&amp;/draw/2026-11-23/14</link>'), xml);
  assert(xml.includes('<pubDate>Mon, 23 Nov 2026 07:30:00 GMT</pubDate>'), xml);
  assert(xml.includes('<title>4017: draw #15, 2026-11-23 14:30</title>'), xml);
  assert(!xml.includes('<b>'));
});

Deno.test('RSS names the site stylesheet for browsers, its address escaped', () => {
  const evil = { ...context, siteUrl: 'https://x.example/?><b>"' };
  const xml = renderRss(buildFeed([row('2026-11-23', 14, '4017')], evil), evil);
  const instruction = xml.split('\n')[1]!;
  assertEquals(
    instruction,
    '<?xml-stylesheet type="text/css" href="https://x.example/?&gt;&lt;b&gt;&quot;/feed.css"?>',
  );
});

Deno.test('JSON Feed 1.1 has the required fields and RFC 3339 dates', () => {
  const feed = buildFeed([row('2026-11-23', 14, '4017'), row('2026-11-23', 13, '0042')], context);
  const json = JSON.parse(renderJsonFeed(feed, context));
  assertEquals(json.version, 'https://jsonfeed.org/version/1.1');
  assertEquals(json.feed_url, `${context.feedUrl}?format=json`);
  assertEquals(json.items.length, 2);
  assertEquals(json.items[1], {
    id: 'https://lotto24.example/draw/2026-11-23/13',
    url: 'https://lotto24.example/draw/2026-11-23/13',
    title: '0042: draw #14, 2026-11-23 13:30',
    content_text:
      'First prize 0042 (0 0 4 2) in draw #14 of 2026-11-23, drawn at 13:30 Asia/Bangkok time.',
    date_published: '2026-11-23T06:30:00.000Z',
    date_modified: '2026-11-23T06:30:00.000Z',
  });
});

Deno.test('format is rss, json or absent; other parameters are ignored', () => {
  const parse = (query: string) => parseFeedRequest(new URL(`http://h/results-feed${query}`));
  assertEquals(parse(''), { ok: true, format: 'rss', feed: 'results', lang: 'en' });
  assertEquals(parse('?format=json&utm_source=reader'), {
    ok: true,
    format: 'json',
    feed: 'results',
    lang: 'en',
  });
  assertEquals(parse('?format=atom').ok, false);
  assertEquals(parse('?format=rss&format=json').ok, false);
  assertEquals(parse(`?x=${'a'.repeat(2000)}`), { ok: false, error: 'Query string is too long' });
});

Deno.test('feed is results (the default) or commitments, which is JSON only', () => {
  const parse = (query: string) => parseFeedRequest(new URL(`http://h/results-feed${query}`));
  assertEquals(parse('?feed=commitments'), {
    ok: true,
    format: 'json',
    feed: 'commitments',
    lang: 'en',
  });
  assertEquals(parse('?feed=commitments&format=rss').ok, false);
  assertEquals(parse('?feed=seeds').ok, false);
  assertEquals(parse('?feed=results&feed=commitments').ok, false);
});

Deno.test('If-None-Match matches a listed, weak or wildcard tag only', () => {
  assert(matchesEtag('"a", "b"', '"b"'));
  assert(matchesEtag('W/"b"', '"b"'));
  assert(matchesEtag('*', '"b"'));
  assert(!matchesEtag('"c"', '"b"'));
  assert(!matchesEtag(null, '"b"'));
});

Deno.test('rows dated outside every calendar day are left out, never a failed feed', () => {
  // Published rows older than the draw date range (ADR 020) that a NOT VALID constraint kept.
  const rows = [
    row('2026-11-23', 14, '4017'),
    row('2000-01-01', 0, '0001'),
    row('0001-01-01 BC', 3, '0003'),
    row('-infinity', 4, '0004'),
    row('0050-06-01', 5, '0005'),
  ];
  const feed = buildFeed(rows, context);
  assertEquals(
    feed.items.map((item) => item.url),
    [`${context.siteUrl}/draw/2026-11-23/14`, `${context.siteUrl}/draw/2000-01-01/0`],
  );
  assert(renderRss(feed, context).includes('<pubDate>'));
  assertEquals(JSON.parse(renderJsonFeed(feed, context)).items.length, 2);
});

Deno.test('lang is one of the six languages, given once; anything else is a clear 400', () => {
  const parse = (query: string) => parseFeedRequest(new URL(`http://h/results-feed${query}`));
  for (const lang of FEED_LANGUAGES)
    assertEquals(parse(`?lang=${lang}`), { ok: true, format: 'rss', feed: 'results', lang });
  const refused = { ok: false as const, error: 'Unknown lang: use one of en, th, lo, vi, zh, ms' };
  assertEquals(parse('?lang=fr'), refused);
  assertEquals(parse('?lang=TH'), refused);
  assertEquals(parse('?lang='), refused);
  assertEquals(parse(`?lang=${'t'.repeat(500)}`), refused);
  assertEquals(parse('?lang=th&lang=lo'), { ok: false, error: 'Give lang once' });
});

Deno.test('a feed in Thai speaks Thai and links to the Thai pages; English stays as it was', () => {
  const rows = [row('2026-11-23', 13, '0042')];
  const thai = { ...context, lang: 'th' as const };
  const feed = buildFeed(rows, thai);
  assertEquals(feed.title, 'ผลรางวัลรายชั่วโมง Lotto24');
  assertEquals(feed.homeUrl, 'https://lotto24.example/th/');
  assertEquals(feed.items[0]!.url, 'https://lotto24.example/th/draw/2026-11-23/13');
  assertEquals(feed.items[0]!.title, '0042: รอบที่ 14, 2026-11-23 13:30');
  const rss = renderRss(feed, thai);
  assert(rss.includes('<language>th</language>'));
  assert(rss.includes('results-feed?format=rss&amp;lang=th" rel="self"'));
  const json = JSON.parse(renderJsonFeed(buildFeed(rows, { ...context, lang: 'zh' }), context));
  assertEquals(json.language, 'zh-Hans');
  const english = buildFeed(rows, context);
  assertEquals(english.title, 'Lotto24 hourly results');
  assertEquals(english.items[0]!.title, '0042: draw #14, 2026-11-23 13:30');
  assert(renderRss(english, context).includes('<language>en</language>'));
});
