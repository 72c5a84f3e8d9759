import { drawInstant } from './draw-time.ts';
import { FEED_WORDS, type FeedLanguage } from './feed-words.ts';

/** A published draw as the feed reads it (anon, through the publication policy). */
export interface DrawRow {
  draw_date: string;
  draw_hour: number;
  first_prize: string;
  updated_at: string;
}

export interface FeedContext {
  /** The site visitors open (no trailing slash): items link to `${siteUrl}/draw/<date>/<hour>`. */
  siteUrl: string;
  /** This function's own URL, without a query: each feed names itself (`?format=`). */
  feedUrl: string;
  timeZone: string;
  /** The feed's language: its words, and the site's pages in it (`/th/draw/…`). English if absent. */
  lang?: FeedLanguage;
}

/** The site's address of a page in the feed's language: English unprefixed (ADR 027). */
const pageUrl = (context: FeedContext, path: string) =>
  `${context.siteUrl}${context.lang && context.lang !== 'en' ? `/${context.lang}` : ''}${path}`;

/** `?format=rss`, `?format=json&lang=th`: the query a feed names itself with. */
export const selfQuery = (context: FeedContext, format: 'rss' | 'json') =>
  `?format=${format}${context.lang && context.lang !== 'en' ? `&lang=${context.lang}` : ''}`;

export interface FeedItem {
  id: string;
  url: string;
  title: string;
  text: string;
  /** The draw moment (ms). */
  published: number;
  /** The later of the draw moment and the row's last edit (ms). */
  modified: number;
}

export interface Feed {
  /** The BCP 47 tag of the feed's language. */
  language: string;
  title: string;
  description: string;
  homeUrl: string;
  items: FeedItem[];
  /** The latest `modified` of the items, or null for an empty feed. */
  lastModified: number | null;
}

const spaced = (prize: string) => prize.split('').join(' ');

/**
 * A day the feed can date an item with: `yyyy-MM-dd` from the year 1000 on. A row stored before
 * the draw date range (ADR 020) may hold `-infinity` or a BC date, which no feed reader can
 * take; such a row is left out of the feed rather than failing it.
 */
const FEED_DAY = /^[1-9][0-9]{3}-[0-9]{2}-[0-9]{2}$/;

export function buildFeed(rows: DrawRow[], context: FeedContext): Feed {
  const dated = rows.filter(
    (row) =>
      FEED_DAY.test(row.draw_date) &&
      Number.isFinite(drawInstant(row.draw_date, row.draw_hour, context.timeZone)),
  );
  const words = FEED_WORDS[context.lang ?? 'en'];
  const items = dated.map((row): FeedItem => {
    const url = pageUrl(context, `/draw/${row.draw_date}/${row.draw_hour}`);
    const hh = String(row.draw_hour).padStart(2, '0');
    const published = drawInstant(row.draw_date, row.draw_hour, context.timeZone);
    const edited = Date.parse(row.updated_at);
    const draw = {
      prize: row.first_prize,
      spaced: spaced(row.first_prize),
      number: row.draw_hour + 1,
      date: row.draw_date,
      time: `${hh}:30`,
      timeZone: context.timeZone,
    };
    return {
      id: url,
      url,
      title: words.itemTitle(draw),
      text: words.itemText(draw),
      published,
      modified: Number.isFinite(edited) ? Math.max(published, edited) : published,
    };
  });
  return {
    language: words.tag,
    title: words.title,
    description: words.description,
    homeUrl: pageUrl(context, '/'),
    items,
    lastModified: items.length ? Math.max(...items.map((item) => item.modified)) : null,
  };
}

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/**
 * Text and attribute values for XML. Characters XML 1.0 forbids outright (C0 controls but tab,
 * newline and return; lone surrogates; U+FFFE/U+FFFF) cannot be escaped, so they are dropped.
 */
export function escapeXml(value: string): string {
  return value
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/[&<>"']/g, (char) => XML_ESCAPES[char]!);
}

const httpDate = (ms: number) => new Date(ms).toUTCString();

/** RSS 2.0, with the Atom `self` link feed validators ask for and a stylesheet for browsers. */
export function renderRss(feed: Feed, context: FeedContext): string {
  const tag = (name: string, value: string) => `<${name}>${escapeXml(value)}</${name}>`;
  const items = feed.items.map((item) =>
    [
      '    <item>',
      `      ${tag('title', item.title)}`,
      `      ${tag('link', item.url)}`,
      `      <guid isPermaLink="true">${escapeXml(item.id)}</guid>`,
      `      ${tag('pubDate', httpDate(item.published))}`,
      `      ${tag('description', item.text)}`,
      '    </item>',
    ].join('\n'),
  );
  const built =
    feed.lastModified === null ? [] : [`    ${tag('lastBuildDate', httpDate(feed.lastModified))}`];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    // A browser opening the feed shows it readably, styled by the site (public/feed.css); feed
    // readers ignore the instruction. CSS, not XSLT, which browsers are removing.
    `<?xml-stylesheet type="text/css" href="${escapeXml(`${context.siteUrl}/feed.css`)}"?>`,
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '  <channel>',
    `    ${tag('title', feed.title)}`,
    `    ${tag('link', feed.homeUrl)}`,
    `    ${tag('description', feed.description)}`,
    `    ${tag('language', feed.language)}`,
    // A new draw comes every hour; readers that honour ttl (minutes) poll no more often.
    '    <ttl>60</ttl>',
    ...built,
    `    <atom:link href="${escapeXml(`${context.feedUrl}${selfQuery(context, 'rss')}`)}" rel="self" type="application/rss+xml"/>`,
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}

/** JSON Feed 1.1 (https://jsonfeed.org/version/1.1). */
export function renderJsonFeed(feed: Feed, context: FeedContext): string {
  return JSON.stringify({
    version: 'https://jsonfeed.org/version/1.1',
    title: feed.title,
    home_page_url: feed.homeUrl,
    feed_url: `${context.feedUrl}${selfQuery(context, 'json')}`,
    description: feed.description,
    language: feed.language,
    items: feed.items.map((item) => ({
      id: item.id,
      url: item.url,
      title: item.title,
      content_text: item.text,
      date_published: new Date(item.published).toISOString(),
      date_modified: new Date(item.modified).toISOString(),
    })),
  });
}
